/**
 * The last answers the app showed, kept on this phone so it opens offline with what the member saw
 * (marked with the time it was fetched) instead of waiting on a network that is not there.
 */
const PREFIX = 'member-app.kept.';

export interface KeptCopy<T> {
  value: T;
  savedAt: string;
}

export function readKept<T>(name: string): KeptCopy<T> | null {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + name) ?? 'null') as KeptCopy<T> | null;
  } catch {
    return null;
  }
}

export const keep = <T>(name: string, value: T) =>
  localStorage.setItem(PREFIX + name, JSON.stringify({ value, savedAt: new Date().toISOString() }));

/** Signing out (or a refused token) forgets every copy: the next member on this phone sees none of it. */
export function forgetKept() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
