import { describe, expect, it } from 'vitest';
import {
  initialOfflineState,
  type OfflineEvent,
  offlineMessage,
  offlineReducer,
  RETRY_SECONDS,
} from './offline-countdown';

const run = (events: OfflineEvent[], online = true) =>
  events.reduce(offlineReducer, initialOfflineState(online));
const ticks = (n: number): OfflineEvent[] => Array.from({ length: n }, () => 'tick');

describe('offline countdown', () => {
  it('starts at 10 when the page opens offline, and shows nothing to count while online', () => {
    expect(initialOfflineState(false)).toEqual({ offline: true, seconds: 10 });
    expect(run(ticks(3))).toEqual({ offline: false, seconds: RETRY_SECONDS });
  });

  it('counts down one per tick from 10 to 0 and stops there', () => {
    expect(run(['offline', 'tick'])).toEqual({ offline: true, seconds: 9 });
    expect(run(['offline', ...ticks(10)])).toEqual({ offline: true, seconds: 0 });
    expect(run(['offline', ...ticks(15)])).toEqual({ offline: true, seconds: 0 });
  });

  it('a repeated offline event does not restart the countdown', () => {
    expect(run(['offline', 'tick', 'tick', 'offline'])).toEqual({ offline: true, seconds: 8 });
  });

  it('coming back online resets to 10, and the next offline spell counts from 10 again', () => {
    expect(run(['offline', ...ticks(4), 'online'])).toEqual({ offline: false, seconds: 10 });
    expect(run(['offline', ...ticks(4), 'online', 'offline', 'tick'])).toEqual({ offline: true, seconds: 9 });
  });

  it('words the message as the spec does', () => {
    expect(offlineMessage(10)).toBe('No Internet Connection. Retrying to connect in 10 seconds.');
  });
});
