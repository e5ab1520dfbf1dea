import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ledgerViolations, NO_VIOLATIONS } from '../ledger';
import { insertTestMember } from '../members/members.test-kit';
import { approveRollingPolicy, expiryViolations, lotsOf, makeDue, post } from './expiry.test-kit';
import { runPointsExpiry } from './expiry-run';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await approveRollingPolicy(t);
});
afterAll(() => t.close());

/** Members with three credits each (10, 20, 30) and a redemption of 15 that takes from the oldest. */
async function membersWithLots(n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await insertTestMember(t.database.db);
    for (const [k, amount] of [10, 20, 30].entries()) await post(t, id, amount, 'joining', `lot:${id}:${k}`);
    await post(t, id, -15, 'redemption_hold', `hold:${id}`);
    ids.push(id);
  }
  return ids;
}

const expiryCount = async (ids: number[]) =>
  Number(
    (
      await t.database.executeSql(
        `select count(*)::int as n from points_ledger where kind = 'expiry' and member_id = any($1::int[])`,
        [ids],
      )
    ).rows[0]!.n,
  );

describe('lots (PostgreSQL)', () => {
  it('a credit is a lot expiring under the policy; a debit takes the oldest first; a refund restores', async () => {
    const [id] = await membersWithLots(1);
    let lots = await lotsOf(t, id!);
    expect(lots.map((l) => l.remaining)).toEqual([0, 15, 30]);
    expect(lots.every((l) => l.expiresAt !== null)).toBe(true);
    await post(t, id!, 15, 'redemption_refund', `hold:${id}`);
    lots = await lotsOf(t, id!);
    expect(lots.map((l) => l.remaining)).toEqual([10, 20, 30]);
  });
});

describe('the nightly expiry (PostgreSQL)', () => {
  it('two concurrent runs post one expiry entry per due lot, exactly what it had left', async () => {
    const ids = await membersWithLots(12);
    // The oldest open lot (the second: the redemption took the first whole) is due.
    await makeDue(t, ids, 1);
    const [a, b] = await Promise.all([
      runPointsExpiry(t.database, { membersPerRound: 3 }),
      runPointsExpiry(t.database, { membersPerRound: 3 }),
    ]);
    expect(a.lots + b.lots).toBe(ids.length);
    expect(await expiryCount(ids)).toBe(ids.length);
    for (const id of ids) {
      const lots = await lotsOf(t, id);
      expect(lots.map((l) => l.remaining)).toEqual([0, 0, 30]);
      expect(lots[1]!.expiredEntryId).not.toBeNull();
    }
    const { rows } = await t.database.executeSql('select balance from members where id = any($1::int[])', [
      ids,
    ]);
    expect(rows.every((r) => r.balance === 30)).toBe(true);
    expect(await ledgerViolations(t.database, ids)).toEqual(NO_VIOLATIONS);
    expect(await expiryViolations(t, ids)).toEqual([]);
  });

  it('a run killed halfway leaves whole rounds; the next run finishes, once per lot', async () => {
    const ids = await membersWithLots(8);
    await makeDue(t, ids, 3);
    // A round whose connection dies before it commits leaves nothing behind.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    client.on('error', () => {});
    await client.query('begin');
    await client.query('select expire_points_batch(now(), 3)');
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
    await t.database.executeSql('select pg_terminate_backend($1)', [pid]);
    await client.end().catch(() => {});
    expect(await expiryCount(ids)).toBe(0);
    // A run that dies after its second round keeps those two rounds.
    await expect(
      runPointsExpiry(t.database, {
        membersPerRound: 2,
        afterRound: (_lots, round) => {
          if (round === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const afterCrash = await expiryCount(ids);
    expect(afterCrash).toBeGreaterThan(0);
    expect(afterCrash).toBeLessThan(ids.length * 2);
    await Promise.all([runPointsExpiry(t.database), runPointsExpiry(t.database)]);
    // The first lot was redeemed whole: only the second (15 left) and third (30) expire.
    expect(await expiryCount(ids)).toBe(ids.length * 2);
    expect(await ledgerViolations(t.database, ids)).toEqual(NO_VIOLATIONS);
    expect(await expiryViolations(t, ids)).toEqual([]);
  });

  it('property: FIFO, refunds and expiry never make a balance negative nor expire a redeemed point', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('redeem' as const), points: fc.integer({ min: 1, max: 90 }) }),
      fc.record({ kind: fc.constant('refund' as const), of: fc.nat() }),
      fc.record({ kind: fc.constant('expire' as const), lots: fc.integer({ min: 1, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const id = await insertTestMember(t.database.db);
        const holds: { ref: string; points: number }[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.kind === 'earn') await post(t, id, o.points, 'joining', `p:${id}:${i}`);
          else if (o.kind === 'redeem') {
            const ok = await post(t, id, -o.points, 'redemption_hold', `p:${id}:${i}`).then(
              () => true,
              (error) => {
                expect(error).toMatchObject({ code: 'insufficient_balance' });
                return false;
              },
            );
            if (ok) holds.push({ ref: `p:${id}:${i}`, points: o.points });
          } else if (o.kind === 'refund' && holds.length > 0) {
            const hold = holds[o.of % holds.length]!;
            await post(t, id, hold.points, 'redemption_refund', hold.ref);
          } else if (o.kind === 'expire') {
            await makeDue(t, [id], o.lots);
            await runPointsExpiry(t.database, { membersPerRound: 1 });
          }
          expect(await expiryViolations(t, [id])).toEqual([]);
        }
        expect(await ledgerViolations(t.database, [id])).toEqual(NO_VIOLATIONS);
      }),
      { numRuns: 30 },
    );
  });
});
