import { type ReactNode, useId } from 'react';
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
