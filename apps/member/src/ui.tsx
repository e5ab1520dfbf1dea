import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/** Small pieces every screen uses: a titled card, a labelled field, an error line. */
export function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="card">
      {title && <h2>{title}</h2>}
      {children}
    </section>
  );
}

export function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** The field the screen starts in: no tap needed to begin typing. */
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={props.value}
        required={props.required}
        // biome-ignore lint/a11y/noAutofocus: the one field a screen is for (mobile, code, name): typing starts at once.
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error || props.hint ? `${id}-note` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {(props.error || props.hint) && (
        <p id={`${id}-note`} className={props.error ? 'error' : 'hint'}>
          {props.error ?? props.hint}
        </p>
      )}
    </div>
  );
}

export function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p className="error" role="alert">
      {t('error', { message })}
    </p>
  );
}

export const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.fields ?? {}) : {};

/** A screen's load: the data, the error, and a reload for Retry. */
export function useLoad<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the load on reload().
  useEffect(() => {
    let live = true;
    setError(null);
    load()
      .then((value) => live && setData(value))
      .catch((err) => live && setError(err));
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, setData, error, reload };
}

/**
 * What a list shows while it is not a list yet: loading, a failed load said in words with Retry, or
 * a sentence about what would be here. Answers null when there are rows to show.
 */
export function LoadState({
  data,
  error,
  reload,
  empty,
}: {
  data: readonly unknown[] | null;
  error: unknown;
  reload: () => void;
  empty: string;
}) {
  const { t } = useTranslation();
  if (error) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <div className="notice bad" role="alert">
        <p>{offline ? t('loadFailedOffline') : t('loadFailed')}</p>
        <button type="button" onClick={reload}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <p aria-live="polite">{t('loading')}</p>;
  if (data.length === 0) return <p role="status">{empty}</p>;
  return null;
}
