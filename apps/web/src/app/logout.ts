import { clearSession, storedToken } from './session';

/** The shared channel every tab listens on (shell spec section 4, "Logout"). */
export const LOGOUT_CHANNEL = 'logout';

export interface LogoutMessage {
  type: 'logout';
  /** The sender's token, in case the sender already cleared the shared storage. */
  token: string | null;
}

export const isLogoutMessage = (data: unknown): data is LogoutMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'logout';

/** Fallback event for browsers without BroadcastChannel: only this tab signs out. */
export const LOCAL_LOGOUT_EVENT = 'app:logout';

/**
 * Asks every tab to sign out. A message posted on one BroadcastChannel object reaches every other
 * object of that name, including the listener of this very tab, so the sender signs out too.
 */
export function broadcastLogout(): void {
  const message: LogoutMessage = { type: 'logout', token: storedToken() };
  if (typeof BroadcastChannel === 'undefined') {
    window.dispatchEvent(new CustomEvent<LogoutMessage>(LOCAL_LOGOUT_EVENT, { detail: message }));
    return;
  }
  const channel = new BroadcastChannel(LOGOUT_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * One tab's part of a logout: GET /api/logout on the app's own origin with the stored token, then
 * the spec's storage keys are removed. A failed call still signs the tab out.
 */
export async function endSessionInThisTab(fallbackToken: string | null): Promise<void> {
  const token = storedToken() ?? fallbackToken;
  try {
    await fetch(`${window.location.origin}/api/logout`, {
      headers: token ? { Authorization: token } : {},
      cache: 'no-store',
    });
  } catch (error) {
    console.error('Logout call failed', error);
  } finally {
    clearSession();
  }
}
