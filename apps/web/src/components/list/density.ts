import { authEndpoints, type Density } from '@app/contract/auth';
import { useCallback, useSyncExternalStore } from 'react';
import { call } from '../../app/api';

export type { Density };

/**
 * The signed-in person's list density, kept on the server with their other preferences
 * (`/admin/me/preferences`), so it follows them to any browser; the browser keeps only the shell
 * spec's storage keys. Read when the console starts (sign-in or reload), written by the toggle.
 */
let current: Density = 'comfortable';
const CHANGED = 'app:list-density';
/** The key an earlier version kept in this browser, per e-mail: removed when the console starts. */
const OLD_KEY = 'listDensity:';

const tell = () => window.dispatchEvent(new Event(CHANGED));

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
};

export const readDensity = (): Density => current;

/** Takes the person's saved density (or the default) and tells every list on screen. */
export function applyDensity(next: Density | undefined) {
  current = next ?? 'comfortable';
  tell();
}

/** Reads the signed-in person's preferences from the server (when the console starts). */
export async function loadDensity(signal?: AbortSignal): Promise<void> {
  for (const key of Object.keys(localStorage)) if (key.startsWith(OLD_KEY)) localStorage.removeItem(key);
  const saved = await call(authEndpoints.preferences, { signal });
  applyDensity(saved.density);
}

/** The toggle: every list changes at once, and the choice is saved for the person. */
export async function writeDensity(next: Density): Promise<void> {
  applyDensity(next);
  await call(authEndpoints.savePreferences, { body: { density: next } });
}

/** Table row density of every list (comfortable or compact), remembered per user on the server. */
export function useDensity(): [Density, (next: Density) => Promise<void>] {
  const density = useSyncExternalStore(subscribe, readDensity, () => 'comfortable' as Density);
  const set = useCallback((next: Density) => writeDensity(next), []);
  return [density, set];
}
