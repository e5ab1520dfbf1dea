import { useCallback, useSyncExternalStore } from 'react';

export type Density = 'comfortable' | 'compact';

/** The signed-in account's choice is kept under its own e-mail, so each user keeps theirs. */
const keyOf = () => `listDensity:${localStorage.getItem('email') ?? ''}`;
const CHANGED = 'app:list-density';

const subscribe = (onChange: () => void) => {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
};

export const readDensity = (): Density =>
  localStorage.getItem(keyOf()) === 'compact' ? 'compact' : 'comfortable';

/** Remembers the signed-in account's choice and tells every list on screen. */
export function writeDensity(next: Density) {
  localStorage.setItem(keyOf(), next);
  window.dispatchEvent(new Event(CHANGED));
}

/** Table row density of every list (comfortable or compact), remembered per user in this browser. */
export function useDensity(): [Density, (next: Density) => void] {
  const density = useSyncExternalStore(subscribe, readDensity, () => 'comfortable' as Density);
  const set = useCallback((next: Density) => writeDensity(next), []);
  return [density, set];
}
