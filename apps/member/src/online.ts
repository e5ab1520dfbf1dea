import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the phone says it has a network, following its `online` and `offline` events. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
