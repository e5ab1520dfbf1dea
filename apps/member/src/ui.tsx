import i18next from 'i18next';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/** Small pieces every screen uses: a titled card, a labelled field, an error line. */
export function Card({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="card">
      {title && <h2>{title}</h2>}
      {children}
    </section>
  );
}

/** Stands in a sentence for a name the member or staff typed, so <Said> can mark it untranslated. */
export const NAME = '\u2063name\u2063';

/**
 * A sentence of the app with names in it: each name keeps its own language, marked `translate="no"`
 * (a member's name in Latin letters is theirs, not English left in the app).
 */
export function Said({ text, parts }: { text: string; parts: Record<string, string> }) {
  const pieces = text.split(new RegExp(`(${Object.keys(parts).join('|')})`));
  return (
    <>
      {pieces.map((piece, i) =>
        piece in parts ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never move.
          <span key={i} translate="no">
            {parts[piece]}
          </span>
        ) : (
          piece
        ),
      )}
    </>
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

/**
 * An error in the member's language. The server's own message is English (staff read the same API),
 * so in any other language the app says it from the error's code, a field error from the field's
 * name, and an unknown failure with a general sentence, never in English.
 */
export function errorText(error: unknown, shownByField: readonly string[] = []): string | null {
  if (error instanceof ApiError) {
    // Field errors the screen shows at their fields are not said again here; the others are, once.
    const all = fieldErrors(error);
    if (Object.keys(all).length) {
      const left = Object.entries(all).filter(([field]) => !shownByField.includes(field.split('.').at(-1)!));
      return left.length ? [...new Set(left.map(([, said]) => said))].join(' ') : null;
    }
    // English is the server's own language: its message says the most (limits, figures).
    if (i18next.language === 'en' && error.message) return error.message;
    const known = `errors.codes.${error.code}`;
    return i18next.t(i18next.exists(known) ? known : 'errors.generic');
  }
  // fetch() failing is a TypeError in every browser: the network, not the member.
  if (error instanceof TypeError) return i18next.t('errors.network');
  // The app's own errors are already in the member's language.
  return error instanceof Error ? error.message : i18next.t('errors.generic');
}

/** An error in a line of its own; `shownByField` names the fields whose errors the form shows itself. */
export function ErrorLine({ error, shownByField }: { error: unknown; shownByField?: readonly string[] }) {
  useTranslation();
  const text = error ? errorText(error, shownByField) : null;
  if (!text) return null;
  return (
    <p className="error" role="alert">
      {text}
    </p>
  );
}

/** Field errors by field name (`address.state` is `state`), each in the member's language. */
export const fieldErrors = (error: unknown): Record<string, string> => {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const said: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const known = `errors.fields.${field.split('.').at(-1)}`;
    said[field] =
      i18next.language === 'en'
        ? message
        : i18next.exists(known)
          ? i18next.t(known)
          : i18next.t('errors.invalid');
  }
  return said;
};

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
