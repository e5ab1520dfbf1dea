import type { Endpoint, EndpointResponse } from '@app/contract/endpoint';
import { useCallback, useEffect, useState } from 'react';
import { api, type CallArgs, call } from '../app/api';

/** GET of a non-list endpoint (e.g. a member's KYC tab), with a reload for after actions. */
export function useApiGet<T>(path: string) {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the request on reload().
  useEffect(() => {
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal })
      .then(setData)
      .catch((e: Error) => {
        if (!controller.signal.aborted) setError(e.message);
      });
    return () => controller.abort();
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}

/**
 * The typed twin of `useApiGet`: GET of a contract endpoint (its params and query as declared), with
 * a reload for after actions. The request runs again when the params or the query change.
 */
export function useEndpoint<E extends Endpoint & { method: 'GET' }>(
  declaration: E,
  ...[options]: CallArgs<E>
) {
  const [data, setData] = useState<EndpointResponse<E>>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const key = JSON.stringify([declaration.path, options?.params, options?.query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the call; `version` re-runs it on reload().
  useEffect(() => {
    const controller = new AbortController();
    call(declaration, ...([{ ...options, signal: controller.signal }] as CallArgs<E>))
      .then(setData)
      .catch((e: Error) => {
        if (!controller.signal.aborted) setError(e.message);
      });
    return () => controller.abort();
  }, [key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}
