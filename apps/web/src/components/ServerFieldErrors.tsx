import { type ReactNode, useContext, useMemo } from 'react';
import { type DataProvider, DataProviderContext, HttpError } from 'react-admin';
import { ApiError } from '../app/api';

/**
 * react-admin puts a failed save's `error.body.errors` on the form's fields. Our API answers
 * `{error, message, fields}` (thrown as ApiError): this re-throws it in react-admin's shape so a
 * server field error shows under its input instead of only as a notification.
 * TODO(shell): fold this into app/data-provider.ts so every page gets it; then drop this wrapper.
 */
export function ServerFieldErrors({ children }: { children: ReactNode }) {
  const dataProvider = useContext(DataProviderContext);
  const wrapped = useMemo(
    () => (dataProvider ? withFieldErrors(dataProvider) : dataProvider),
    [dataProvider],
  );
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}

const asHttpError = (error: unknown) =>
  error instanceof ApiError
    ? new HttpError(error.message, error.status, {
        error: error.code,
        message: error.message,
        errors: error.fields,
      })
    : error;

function withFieldErrors(provider: DataProvider): DataProvider {
  return new Proxy(provider, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          throw asHttpError(error);
        }
      };
    },
  });
}
