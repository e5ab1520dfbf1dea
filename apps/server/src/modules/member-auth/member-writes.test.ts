import type { MemberStatus } from '@app/contract/members';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { asToken, memberToken, ok } from '../content/content.test-kit';
import { balanceOf, redeem, redeemer } from '../redemptions/redemptions.test-kit';
import { STANDING_MESSAGES } from './member-writes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL: MemberStatus[] = ['pending', 'approved', 'rejected', 'blocked'];
const NOT_APPROVED: MemberStatus[] = ['pending', 'rejected', 'blocked'];
const OUT: MemberStatus[] = ['rejected', 'blocked'];

/**
 * Every member-app route that changes something, with the statuses it refuses. Written out here (not
 * read from the guard's table) so that a change of who may do what shows in review; the first test
 * holds it to the routes the app really has.
 */
const REFUSED: Record<string, MemberStatus[]> = {
  'POST /api/app/scan': NOT_APPROVED,
  'POST /api/app/redemptions': NOT_APPROVED,
  'POST /api/app/redemptions/:id/cancel': NOT_APPROVED,
  'POST /api/app/events/:id/register': NOT_APPROVED,
  'POST /api/app/events/:id/cancel': [],
  'POST /api/app/feedback': OUT,
  'POST /api/app/projects': NOT_APPROVED,
  'POST /api/app/kyc': OUT,
  'POST /api/app/uploads': OUT,
  'POST /api/app/games/:id/play': NOT_APPROVED,
  'POST /api/app/inbox/:id/read': [],
  'POST /api/app/terms/accept': [],
  'POST /api/app/logout': [],
  'POST /api/app/redemptions/:id/voucher': [],
  'PATCH /api/app/profile': [],
  'PATCH /api/app/messaging': [],
  'POST /api/app/devices': [],
  'POST /api/app/devices/remove': [],
  // Consent and the member's rights under the DPDP Act stay open whatever his standing.
  'POST /api/app/privacy/consent': [],
  'POST /api/app/privacy/withdraw': [],
  'POST /api/app/privacy/requests': [],
  // A partner chooses or leaves his dealer, a dealer attaches a partner: approved members only.
  'PUT /api/app/dealer': NOT_APPROVED,
  'DELETE /api/app/dealer': NOT_APPROVED,
  'POST /api/app/partners': NOT_APPROVED,
};

const memberWrites = (app: FastifyInstance) =>
  app.accessTable
    .filter((r) => r.access === 'member' && !['GET', 'HEAD'].includes(r.method))
    .map((r) => `${r.method} ${r.url}`)
    .sort();

describe('the standing guard of member writes', () => {
  it('covers every member route that changes something, each with its business function', () => {
    expect(memberWrites(t.app)).toEqual(Object.keys(REFUSED).sort());
    for (const route of t.app.accessTable.filter((r) => r.access === 'member' && r.method === 'POST'))
      expect(route.memberWrite, route.url).toBeTruthy();
  });

  const cases = Object.entries(REFUSED).flatMap(([route, refused]) =>
    ALL.map((status) => ({ route, status, refused: refused.includes(status) })),
  );
  it.each(cases)('$route as a $status member: refused $refused', async ({ route, status, refused }) => {
    const { token } = await memberToken(t, { status });
    const [method, path] = route.split(' ') as [string, string];
    const res = await asToken(t, token, {
      method: method as 'POST',
      url: path.replace(':id', '1'),
      // Enough for the scan to reach its statement; other routes answer before reading a body.
      payload: route === 'POST /api/app/scan' ? { code: 'ABCD-EFGH-JKMN' } : {},
    });
    if (route === 'POST /api/app/scan') {
      // The scan checks standing in its own statement, which records the refused attempt too.
      expect(res.json().result === 'member_not_allowed', res.body).toBe(refused);
      return;
    }
    if (refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'member_not_allowed', message: STANDING_MESSAGES[status] });
    } else {
      expect(res.statusCode, res.body).not.toBe(403);
    }
  });

  it('keeps blocked and pending members out of an event: its seats stay free', async () => {
    const event = await ok(t, 'marketing', {
      method: 'POST',
      url: '/api/admin/content/events',
      payload: {
        title: 'Carpenters meet',
        type: 'meet',
        venue: 'Pune',
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        capacity: 1,
      },
    });
    const register = (token: string) =>
      asToken(t, token, { method: 'POST', url: `/api/app/events/${event.id}/register` });
    for (const status of ['blocked', 'pending'] as const) {
      const res = await register((await memberToken(t, { status })).token);
      expect(res.statusCode, res.body).toBe(403);
    }
    const approved = await memberToken(t);
    const seat = await register(approved.token);
    expect(seat.json()).toMatchObject({ registered: true, seatsLeft: 0 });
  });
});

describe('terms acceptance', () => {
  it('refuses a redemption until the current terms are accepted, then lets it through', async () => {
    const m = await redeemer(t, { balance: 2000 });
    await t.database.executeSql('update members set terms_version = null where id = $1', [m.id]);
    const profile = (await asToken(t, m.token, { url: '/api/app/profile' })).json();
    expect(profile.termsAcceptanceNeeded).toBe(true);

    const refused = await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'upi' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'terms_not_accepted' });
    expect(refused.json().message).toContain(profile.currentTermsVersion);
    expect(await balanceOf(t, m.id)).toBe(2000);

    const accepted = await asToken(t, m.token, {
      method: 'POST',
      url: '/api/app/terms/accept',
      payload: { version: profile.currentTermsVersion },
    });
    expect(accepted.statusCode).toBe(200);
    const redeemed = await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'upi' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await balanceOf(t, m.id)).toBe(1000);
  });
});

describe('per-member limits held in PostgreSQL', () => {
  const feedback = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/app/feedback',
      headers: { authorization: `Bearer ${token}` },
      payload: { category: 'app', rating: 4, message: 'Works well' },
    });

  it('answers 429 rate_limited with Retry-After past 10 feedback an hour, counted across instances', async () => {
    // A second instance on the same database: an in-process limit would give it its own allowance.
    const other = await buildApp({
      config: t.app.config,
      database: t.database,
      jobs: t.app.jobs,
      files: t.app.files,
      logger: false,
    });
    await other.ready();
    try {
      const me = await memberToken(t);
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await feedback(i % 2 ? other : t.app, me.token)).statusCode);
      expect(codes).toEqual(Array(10).fill(200));
      for (const app of [t.app, other]) {
        const refused = await feedback(app, me.token);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toBe('rate_limited');
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      const { rows } = await t.database.executeSql(
        'select count(*)::int as n from feedback where member_id = $1',
        [me.id],
      );
      expect(Number(rows[0]!.n)).toBe(10);
      // Another member has an allowance of their own.
      expect((await feedback(t.app, (await memberToken(t)).token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('counts only calls the standing guard let in', async () => {
    const blocked = await memberToken(t, { status: 'blocked' });
    for (let i = 0; i < 12; i++) expect((await feedback(t.app, blocked.token)).statusCode).toBe(403);
    await t.database.executeSql("update members set status = 'approved' where id = $1", [blocked.id]);
    expect((await feedback(t.app, blocked.token)).statusCode).toBe(200);
  });

  it('names a throttled public call rate_limited too, with Retry-After', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/login',
        remoteAddress: '203.0.113.77',
        payload: { mobile: '6000000001', code: '000000' },
      });
    let res = await login();
    for (let i = 0; i < 25 && res.statusCode !== 429; i++) res = await login();
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
