import { type ReactNode, useEffect, useReducer } from 'react';
import { saveFormDrafts } from './form-drafts';
import { initialOfflineState, offlineMessage, offlineReducer } from './offline-countdown';

/**
 * Shell spec section 4: while the browser is offline the whole application is replaced by a
 * countdown from 10; at 0 the page reloads. Coming back online resets it and shows the app again.
 * Form drafts survive both (app/form-drafts.ts).
 */
export function OfflineGuard({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(offlineReducer, navigator.onLine, initialOfflineState);

  useEffect(() => {
    const online = () => dispatch('online');
    // Forms keep what was typed: the countdown replaces them and the reload would lose it.
    const offline = () => {
      saveFormDrafts();
      dispatch('offline');
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    // The state may have changed between the first render and these listeners.
    if (navigator.onLine) online();
    else offline();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);

  useEffect(() => {
    if (!state.offline) return;
    if (state.seconds === 0) {
      window.location.reload();
      return;
    }
    const timer = setTimeout(() => dispatch('tick'), 1000);
    return () => clearTimeout(timer);
  }, [state]);

  if (!state.offline) return children;
  return (
    <main className="plain-notice" role="alert">
      <p>{offlineMessage(state.seconds)}</p>
    </main>
  );
}
