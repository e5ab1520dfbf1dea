import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken } from '../coupons/scan.test-kit';
import { createGame, playAs } from './games.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const prizes = [
  { label: '5 points', points: 5, probability: 7000 },
  { label: '50 points', points: 50, probability: 3000 },
];

describe('daily limit under concurrency (PostgreSQL)', () => {
  it('20 plays at once with a limit of 3: exactly 3 plays and 3 ledger entries', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const gameId = await createGame(t, { playsPerDay: 3, prizes });
      const me = await memberWithToken(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => playAs(t, me.token, gameId, `race-${trial}-${i}`)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(
        codes.filter((c) => c === 200),
        JSON.stringify(codes),
      ).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(17);
      const plays = await kit.sql('select id, slot from game_plays where member_id = $1 order by slot', [
        me.id,
      ]);
      expect(plays.map((p) => p.slot)).toEqual([1, 2, 3]);
      const entries = await kit.sql(
        "select amount from points_ledger where member_id = $1 and kind = 'game'",
        [me.id],
      );
      expect(entries).toHaveLength(3);
      const won = answers.filter((a) => a.statusCode === 200).reduce((s, a) => s + a.json().points, 0);
      const [member] = await kit.sql('select balance from members where id = $1', [me.id]);
      expect(member!.balance).toBe(won);
    }
  });

  it('one Idempotency-Key sent 10 times at once plays once', async () => {
    const gameId = await createGame(t, { playsPerDay: 5, prizes });
    const me = await memberWithToken(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => playAs(t, me.token, gameId, 'same-key')),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().playId)).size).toBe(1);
    expect(await kit.sql('select count(*)::int as n from game_plays where member_id = $1', [me.id])).toEqual([
      { n: 1 },
    ]);
  });
});

describe('a prize budget under concurrency (PostgreSQL)', () => {
  it('30 members play at once against a budget of 10 prizes: exactly 10 paid, the rest refused', async () => {
    const gameId = await createGame(t, {
      playsPerDay: 1,
      prizeBudgetPoints: 100,
      prizes: [{ label: '10 points', points: 10, probability: 10000 }],
    });
    const members = await Promise.all(Array.from({ length: 30 }, () => memberWithToken(t)));
    const answers = await Promise.all(members.map((m) => playAs(t, m.token, gameId)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    const refusals = answers.filter((a) => a.statusCode === 409).map((a) => a.json());
    expect(refusals).toHaveLength(20);
    expect(new Set(refusals.map((r) => `${r.error}: ${r.message}`))).toEqual(
      new Set(["prize_budget_exhausted: This game's prizes have run out"]),
    );
    const [paid] = await kit.sql(
      `select count(*)::int as plays, coalesce(sum(points), 0)::int as points from game_plays where game_id = $1`,
      [gameId],
    );
    expect(paid).toEqual({ plays: 10, points: 100 });
    const [ledger] = await kit.sql(
      `select coalesce(sum(amount), 0)::int as points from points_ledger where kind = 'game' and member_id = any($1)`,
      [members.map((m) => m.id)],
    );
    expect(ledger!.points).toBe(100);
    const game = await t.as('almond team', { method: 'GET', url: `/api/admin/games/${gameId}` });
    expect(game.json()).toMatchObject({ prizeBudgetPoints: 100, prizeBudgetSpent: 100 });

    const hindi = await memberWithToken(t, { language: 'hi' });
    const refused = await playAs(t, hindi.token, gameId);
    expect(refused.json().message).toBe('इस गेम के इनाम खत्म हो गए हैं');
  });
});
