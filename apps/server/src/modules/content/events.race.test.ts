import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asToken, memberToken, ok } from './content.test-kit';

const MEMBERS = 50;
const CAPACITY = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('event capacity under concurrent registrations (PostgreSQL)', () => {
  it(`seats exactly ${CAPACITY} of ${MEMBERS} members registering at once, each once`, async () => {
    const event = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/events',
      payload: {
        title: 'Race',
        type: 'meet',
        venue: 'Pune',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        capacity: CAPACITY,
      },
    });
    const tokens = await Promise.all(Array.from({ length: MEMBERS }, () => memberToken(t)));
    // Every member sends twice at once (a double tap), so a member racing itself is covered too.
    const answers = await Promise.all(
      tokens.flatMap(({ token }) =>
        [1, 2].map(() => asToken(t, token, { method: 'POST', url: `/api/app/events/${event.id}/register` })),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const [row] = (
      await t.database.executeSql(
        `select e.registered, (select count(*)::int from event_registrations r where r.event_id = e.id and r.status = 'registered') as n
         from events e where e.id = $1`,
        [event.id],
      )
    ).rows as { registered: number; n: number }[];
    expect(row).toEqual({ registered: CAPACITY, n: CAPACITY });
    // answers[2i] and answers[2i + 1] are member i's two taps.
    const seated = new Set(answers.flatMap((a, i) => (a.statusCode === 200 ? [tokens[i >> 1]!.id] : [])));
    expect(seated.size).toBe(CAPACITY);
  });
});
