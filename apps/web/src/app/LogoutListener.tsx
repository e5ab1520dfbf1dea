import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  endSessionInThisTab,
  isLogoutMessage,
  LOCAL_LOGOUT_EVENT,
  LOGOUT_CHANNEL,
  type LogoutMessage,
} from './logout';

/**
 * Listens for the logout broadcast for as long as the app is shown. On a message this tab calls
 * GET /api/logout itself, clears the stored session and goes to `/`.
 */
export function LogoutListener() {
  const navigate = useNavigate();
  // A ref, so the channel is opened once: re-opening it on every navigation could drop a message.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const signOut = (message: LogoutMessage) => {
      void endSessionInThisTab(message.token).then(() => navigateRef.current('/', { replace: true }));
    };
    const onLocal = (event: Event) => signOut((event as CustomEvent<LogoutMessage>).detail);
    window.addEventListener(LOCAL_LOGOUT_EVENT, onLocal);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGOUT_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isLogoutMessage(event.data)) signOut(event.data);
      };
    }
    return () => {
      window.removeEventListener(LOCAL_LOGOUT_EVENT, onLocal);
      channel?.close();
    };
  }, []);

  return null;
}
