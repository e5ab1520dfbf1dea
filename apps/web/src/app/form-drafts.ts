import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';

/**
 * Form drafts across the offline guard (shell spec section 4): going offline replaces the app with
 * a countdown and then reloads the page, which would lose whatever was typed. Just before that, the
 * guard asks every form holding a `useFormDraft` to put its values in sessionStorage (this tab
 * only); the form takes them back when it shows again, after the reload or on coming back online.
 * Secrets are never written.
 */
const SAVE_EVENT = 'app:save-form-drafts';
const storageKey = (id: string) => `form-draft:${id}`;
/** Secrets and the personal numbers the server never logs either (REDACTED_LOG_PATHS). */
const SECRET = /password|^otp|token|secret|^pin$|^pan$|aadhaar|accountNumber/i;
/** Set while the guard holds drafts, so that the forms it unmounts keep them. */
let held = false;

/** Called by the offline guard before it replaces the app. */
export function saveFormDrafts(): void {
  held = true;
  window.dispatchEvent(new Event(SAVE_EVENT));
}

/** A form's values without anything secret, at any depth: drafts never hold a password. */
export const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET.test(k))
      .map(([k, v]) => [k, withoutSecrets(v)]),
  );
};

export function clearFormDraft(id: string): void {
  sessionStorage.removeItem(storageKey(id));
}

function readDraft(id: string): Record<string, unknown> | undefined {
  try {
    const text = sessionStorage.getItem(storageKey(id));
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the surrounding react-hook-form (any react-admin form) across the offline guard. */
export function useFormDraft(id: string): void {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    held = false;
    const draft = readDraft(id);
    // After the form's own first effects, which set its initial values.
    const restoring = setTimeout(() => {
      for (const [name, value] of Object.entries(draft ?? {}))
        if (value !== undefined && value !== null && value !== '')
          setValue(name, value, { shouldDirty: true });
    });
    const save = () => sessionStorage.setItem(storageKey(id), JSON.stringify(withoutSecrets(getValues())));
    window.addEventListener(SAVE_EVENT, save);
    return () => {
      clearTimeout(restoring);
      window.removeEventListener(SAVE_EVENT, save);
      // Leaving the form in the app drops its draft; the guard's unmount keeps it.
      if (!held) clearFormDraft(id);
    };
  }, [id, getValues, setValue]);
}

/** `useFormDraft` as an element, to drop inside a form. */
export function KeepFormDraft({ id }: { id: string }) {
  useFormDraft(id);
  return null;
}
