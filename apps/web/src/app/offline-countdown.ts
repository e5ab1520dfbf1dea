/** Seconds before an offline page retries by reloading (shell spec section 9). */
export const RETRY_SECONDS = 10;

export interface OfflineState {
  offline: boolean;
  /** Seconds left before the reload; RETRY_SECONDS whenever online. */
  seconds: number;
}

export type OfflineEvent = 'offline' | 'online' | 'tick';

export const initialOfflineState = (online: boolean): OfflineState => ({
  offline: !online,
  seconds: RETRY_SECONDS,
});

/**
 * The offline guard's state machine: going offline starts the countdown at 10 (a repeated
 * `offline` event does not restart it), each tick takes one second off down to 0, and coming
 * back online resets it to 10.
 */
export function offlineReducer(state: OfflineState, event: OfflineEvent): OfflineState {
  switch (event) {
    case 'offline':
      return state.offline ? state : { offline: true, seconds: RETRY_SECONDS };
    case 'online':
      return state.offline || state.seconds !== RETRY_SECONDS
        ? { offline: false, seconds: RETRY_SECONDS }
        : state;
    case 'tick':
      return state.offline && state.seconds > 0 ? { ...state, seconds: state.seconds - 1 } : state;
  }
}

export const offlineMessage = (seconds: number): string =>
  `No Internet Connection. Retrying to connect in ${seconds} seconds.`;
