import { shiftDay, todayInIndia } from '@app/contract/format';
import type { GameInput } from '@app/contract/games';
import type { TestApp } from '../../../test/harness';

let seq = 0;

/** A valid game body: open today for a week, two plays a day, three prizes adding up to 100%. */
export const gameBody = (overrides: Partial<GameInput> = {}): GameInput => ({
  name: `Test game ${++seq}`,
  kind: 'spin_wheel',
  startsOn: todayInIndia(),
  endsOn: shiftDay(todayInIndia(), 7),
  playsPerDay: 2,
  prizes: [
    { label: '5 points', points: 5, probability: 6000 },
    { label: '20 points', points: 20, probability: 3500 },
    { label: '100 points', points: 100, probability: 500 },
  ],
  ...overrides,
});

/** POST /api/app/games/:id/play as a member. */
export const playAs = (t: TestApp, token: string, gameId: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/app/games/${gameId}/play`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

/** Creates a game as almond team and returns its id. */
export async function createGame(t: TestApp, overrides: Partial<GameInput> = {}): Promise<number> {
  const res = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/games',
    payload: gameBody(overrides),
  });
  if (res.statusCode !== 200) throw new Error(`create game: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
