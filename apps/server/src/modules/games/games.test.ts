import { shiftDay, todayInIndia } from '@app/contract/format';
import { GAME_MESSAGES } from '@app/contract/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken } from '../coupons/scan.test-kit';
import { createGame, gameBody, playAs } from './games.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

const create = (payload: object, by = 'admin') =>
  t.as(by, { method: 'POST', url: '/api/admin/games', payload });
const today = () => todayInIndia();

describe('Games Points: games and their prize tables', () => {
  it('demo data holds games in every phase, both kinds, with plays and their ledger entries', async () => {
    const phases = await t.as('admin', { url: '/api/admin/games?perPage=100' });
    const rows = phases.json().rows as { phase: string; kind: string; plays: number }[];
    expect(new Set(rows.map((r) => r.phase))).toEqual(new Set(['live', 'ended', 'upcoming', 'archived']));
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['spin_wheel', 'scratch_card']));
    expect(rows.find((r) => r.phase === 'ended')!.plays).toBeGreaterThan(0);
    const [ledger] = await kit.sql(
      "select count(*)::int as n from points_ledger l join game_plays p on l.reference = 'game:' || p.id where l.kind = 'game' and l.amount = p.points",
    );
    const [paid] = await kit.sql('select count(*)::int as n from game_plays where points > 0');
    expect(ledger!.n).toBe(paid!.n);
    expect(paid!.n).toBeGreaterThan(20);
  });

  it('refuses a prize table that does not add up to 100%, naming the field', async () => {
    const res = await create(
      gameBody({
        prizes: [
          { label: 'A', points: 5, probability: 5000 },
          { label: 'B', points: 10, probability: 4999 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ prizes: GAME_MESSAGES.total(9999) });
    expect(res.json().fields.prizes).toContain('99.99%');
    const over = await create(
      gameBody({
        prizes: [
          { label: 'A', points: 5, probability: 6000 },
          { label: 'B', points: 10, probability: 6000 },
        ],
      }),
    );
    expect(over.json().fields).toEqual({ prizes: GAME_MESSAGES.total(12000) });
  });

  it('refuses negative points, fractional probabilities, bad dates and bad limits, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ prizes: [{ label: 'A', points: -5, probability: 10000 }] }, 'prizes.0.points', GAME_MESSAGES.points],
      [
        {
          prizes: [
            { label: 'A', points: 5, probability: 99.5 },
            { label: 'B', points: 1, probability: 9900.5 },
          ],
        },
        'prizes.0.probability',
        GAME_MESSAGES.probability,
      ],
      [
        {
          prizes: [
            { label: 'A', points: 5, probability: 0 },
            { label: 'B', points: 1, probability: 10000 },
          ],
        },
        'prizes.0.probability',
        GAME_MESSAGES.probability,
      ],
      [{ prizes: [] }, 'prizes', GAME_MESSAGES.prizesRequired],
      [
        { prizes: [{ label: '', points: 5, probability: 10000 }] },
        'prizes.0.label',
        GAME_MESSAGES.labelRequired,
      ],
      [
        {
          prizes: [
            { label: 'Same', points: 5, probability: 5000 },
            { label: 'same', points: 1, probability: 5000 },
          ],
        },
        'prizes.1.label',
        GAME_MESSAGES.labelRepeated,
      ],
      [{ startsOn: '2026-02-31' }, 'startsOn', GAME_MESSAGES.dateRequired],
      [{ endsOn: 'tomorrow' }, 'endsOn', GAME_MESSAGES.dateRequired],
      [
        { startsOn: shiftDay(today(), 5), endsOn: shiftDay(today(), 2) },
        'endsOn',
        GAME_MESSAGES.endBeforeStart,
      ],
      [{ startsOn: shiftDay(today(), -9), endsOn: shiftDay(today(), -2) }, 'endsOn', GAME_MESSAGES.pastEnd],
      [{ playsPerDay: 0 }, 'playsPerDay', GAME_MESSAGES.playsPerDay],
      [{ playsPerDay: 1.5 }, 'playsPerDay', GAME_MESSAGES.playsPerDay],
      [{ kind: 'lottery' }, 'kind', GAME_MESSAGES.kind],
      [{ name: '  ' }, 'name', GAME_MESSAGES.nameRequired],
    ];
    const before = await kit.sql('select count(*)::int as n from games');
    for (const [override, field, message] of cases) {
      const res = await create(gameBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(override)} → ${res.body}`).toBe(message);
    }
    expect(await kit.sql('select count(*)::int as n from games')).toEqual(before);
  });

  it('creates, edits (retiring the old prize table) and archives a game, with audit', async () => {
    const created = await kit.ok(await create(gameBody({ name: 'Diwali wheel' })));
    expect(created).toMatchObject({ name: 'Diwali wheel', status: 'active', phase: 'live', plays: 0 });
    expect((created.prizes as { probability: number }[]).reduce((s, p) => s + p.probability, 0)).toBe(10000);

    const edited = await kit.ok(
      await t.as('admin', {
        method: 'PUT',
        url: `/api/admin/games/${created.id}`,
        payload: gameBody({
          name: 'Diwali wheel',
          kind: 'scratch_card',
          prizes: [
            { label: 'Try again', points: 0, probability: 5000 },
            { label: '50 points', points: 50, probability: 5000 },
          ],
        }),
      }),
    );
    expect(edited).toMatchObject({
      kind: 'scratch_card',
      prizes: [{ label: 'Try again' }, { label: '50 points' }],
    });
    const prizes = await kit.sql(
      'select retired, count(*)::int as n from game_prizes where game_id = $1 group by retired order by retired',
      [created.id],
    );
    expect(prizes).toEqual([
      { retired: false, n: 2 },
      { retired: true, n: 3 },
    ]);

    const archived = await kit.ok(
      await t.as('admin', { method: 'POST', url: `/api/admin/games/${created.id}/archive` }),
    );
    expect(archived).toMatchObject({ status: 'archived', phase: 'archived' });
    expect(
      (await t.as('admin', { method: 'POST', url: `/api/admin/games/${created.id}/archive` })).statusCode,
    ).toBe(409);
    const editArchived = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/games/${created.id}`,
      payload: gameBody(),
    });
    expect(editArchived.statusCode).toBe(409);

    const audit = await kit.sql(
      "select action from audit_log where entity = 'game' and entity_id = $1 order by id",
      [String(created.id)],
    );
    expect(audit.map((r) => r.action)).toEqual(['game.created', 'game.updated', 'game.archived']);
    const history = await t.as('super admin', { url: `/api/admin/games/${created.id}/history` });
    expect(history.json().map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['game.created', 'game.updated', 'game.archived']),
    );

    const list = await t.as('admin', {
      url: `/api/admin/games?filter=${kit.q({ status: 'archived', q: 'Diwali' })}`,
    });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const exported = await t.as('admin', { url: `/api/admin/games/export?filter=${kit.q({ q: 'Diwali' })}` });
    expect(exported.statusCode).toBe(200);
  });

  it('answers 403 to roles without the page or the action', async () => {
    expect((await create(gameBody(), 'cs')).statusCode).toBe(403);
    expect((await create(gameBody(), 'marketing')).statusCode).toBe(403);
    expect((await t.as('finance', { url: '/api/admin/games' })).statusCode).toBe(403);
    expect((await t.as('cs', { url: '/api/admin/game-plays' })).statusCode).toBe(403);
    const id = await createGame(t);
    expect((await t.as('cs', { method: 'POST', url: `/api/admin/games/${id}/archive` })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as('cs', { method: 'PUT', url: `/api/admin/games/${id}`, payload: gameBody() })).statusCode,
    ).toBe(403);
    // A staff token does not open the member API.
    expect((await t.as('admin', { method: 'POST', url: `/api/app/games/${id}/play` })).statusCode).toBe(401);
  });
});

describe('Member API: games and plays', () => {
  it('lists open games with plays left, plays up to the daily limit, posts each prize once', async () => {
    const gameId = await createGame(t, { playsPerDay: 2 });
    const me = await memberWithToken(t);
    const games = await t.app.inject({
      url: '/api/app/games',
      headers: { authorization: `Bearer ${me.token}` },
    });
    const mine = games.json().find((g: { id: number }) => g.id === gameId);
    expect(mine).toMatchObject({ playsPerDay: 2, playsLeft: 2 });
    expect(mine.prizes[0]).not.toHaveProperty('probability');

    const first = await kit.ok(await playAs(t, me.token, gameId, 'play-1'));
    expect(first).toMatchObject({ gameId, playsLeft: 1 });
    const replay = await playAs(t, me.token, gameId, 'play-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first);
    const second = await kit.ok(await playAs(t, me.token, gameId, 'play-2'));
    expect(second.playsLeft).toBe(0);
    const third = await playAs(t, me.token, gameId, 'play-3');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'daily_limit', message: GAME_MESSAGES.noPlaysLeft });

    const entries = await kit.sql(
      "select amount, reference from points_ledger where member_id = $1 and kind = 'game' order by id",
      [me.id],
    );
    expect(entries).toEqual([
      { amount: first.points, reference: `game:${first.playId}` },
      { amount: second.points, reference: `game:${second.playId}` },
    ]);
    const [member] = await kit.sql('select balance from members where id = $1', [me.id]);
    expect(member!.balance).toBe(Number(first.points) + Number(second.points));
    expect(second.balance).toBe(member!.balance);

    const after = await t.app.inject({
      url: '/api/app/games',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(after.json().find((g: { id: number }) => g.id === gameId).playsLeft).toBe(0);

    // The history, the member's tab and the report show the plays.
    const history = await t.as('admin', {
      url: `/api/admin/game-plays?filter=${kit.q({ gameId, memberId: me.id })}`,
    });
    expect(
      history
        .json()
        .rows.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([first.playId, second.playId].sort());
    expect(history.json().rows[0]).toMatchObject({ memberId: me.id, gameId, playDay: today() });
    const tab = await t.as('cs', { url: `/api/admin/users/${me.id}/game-plays` });
    expect(tab.statusCode).toBe(200);
    expect(tab.json().rows).toHaveLength(2);
    const report = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'game_plays', startDate: today(), endDate: today() },
    });
    expect(report.statusCode).toBe(200);
    const byDay = await t.as('admin', {
      url: `/api/admin/game-plays?filter=${kit.q({ from: shiftDay(today(), 1), gameId })}`,
    });
    expect(byDay.json().rows).toHaveLength(0);
  });

  it('refuses plays outside the game’s dates, on an archived game and by a member not approved', async () => {
    const later = await createGame(t, { startsOn: shiftDay(today(), 2), endsOn: shiftDay(today(), 5) });
    const archived = await createGame(t);
    await kit.ok(await t.as('admin', { method: 'POST', url: `/api/admin/games/${archived}/archive` }));
    const ended = await createGame(t);
    await kit.sql(
      'update games set starts_on = current_date - 10, ends_on = current_date - 3 where id = $1',
      [ended],
    );
    const me = await memberWithToken(t);
    for (const id of [later, archived, ended]) {
      const res = await playAs(t, me.token, id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe('game_closed');
    }
    expect((await playAs(t, me.token, 2_000_000_000)).statusCode).toBe(404);
    const games = await t.app.inject({
      url: '/api/app/games',
      headers: { authorization: `Bearer ${me.token}` },
    });
    const ids = games.json().map((g: { id: number }) => g.id);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(archived);
    expect(ids).not.toContain(ended);

    const blocked = await memberWithToken(t, { status: 'blocked' });
    const open = await createGame(t);
    const res = await playAs(t, blocked.token, open);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('member_not_allowed');
    expect(
      await kit.sql('select count(*)::int as n from game_plays where member_id = $1', [blocked.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('a 0-point prize is a play without a ledger entry', async () => {
    const gameId = await createGame(t, {
      prizes: [{ label: 'Better luck next time', points: 0, probability: 10000 }],
    });
    const me = await memberWithToken(t);
    const played = await kit.ok(await playAs(t, me.token, gameId));
    expect(played).toMatchObject({ points: 0, balance: 0, prize: { label: 'Better luck next time' } });
    expect(
      await kit.sql('select count(*)::int as n from points_ledger where member_id = $1', [me.id]),
    ).toEqual([{ n: 0 }]);
  });
});
