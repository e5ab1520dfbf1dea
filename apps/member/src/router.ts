import { useSyncExternalStore } from 'react';

/** A few plain routes need no router library: the path, and navigation through the history API. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

export const usePath = () => useSyncExternalStore(subscribe, () => window.location.pathname);

export function navigate(path: string, replace = false) {
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}
