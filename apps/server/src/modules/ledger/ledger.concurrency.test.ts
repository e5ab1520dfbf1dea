import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTestMember } from '../members/members.test-kit';
import { ledgerViolations, NO_VIOLATIONS } from './ledger.invariants';
import { postEntry } from './ledger.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each call is its own transaction on its own pooled connection: real concurrency on PostgreSQL. */
const post = (
  memberId: number,
  amount: number,
  reference: string,
  kind: 'adjustment' | 'joining' = 'adjustment',
) => t.database.db.transaction((tx) => postEntry(tx, { memberId, amount, kind, reference }));

it('holds on the seeded demo ledger (both backends)', async () => {
  expect(await ledgerViolations(t.database)).toEqual(NO_VIOLATIONS);
});

describe('the ledger under concurrency (PostgreSQL)', () => {
  it('keeps every invariant for random concurrent credits, debits and repeats', async () => {
    const op = fc.record({
      amount: fc.integer({ min: -80, max: 80 }).filter((n) => n !== 0),
      /** Repeat the cause of an earlier operation (same reference, same amount). */
      repeatOf: fc.option(fc.nat(), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), fc.nat(150), async (ops, opening) => {
        const id = await insertTestMember(t.database.db);
        if (opening > 0) await post(id, opening, `opening:${id}`);
        const causes = ops.map((o, i) =>
          o.repeatOf !== undefined && i > 0
            ? { ref: `op:${id}:${o.repeatOf % i}`, amount: ops[o.repeatOf % i]!.amount }
            : { ref: `op:${id}:${i}`, amount: o.amount },
        );
        const results = await Promise.allSettled(causes.map((c) => post(id, c.amount, c.ref)));
        for (const r of results)
          if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'insufficient_balance' });
        const postedRefs = causes
          .filter(
            (_, i) =>
              results[i]!.status === 'fulfilled' &&
              (results[i] as PromiseFulfilledResult<{ posted: boolean }>).value.posted,
          )
          .map((c) => c.ref);
        expect(new Set(postedRefs).size).toBe(postedRefs.length);
        const { rows } = await t.database.executeSql(
          `select count(*)::int as n from points_ledger where member_id = $1 and reference like 'op:%'`,
          [id],
        );
        expect(Number(rows[0]!.n)).toBe(postedRefs.length);
        expect(await ledgerViolations(t.database, [id])).toEqual(NO_VIOLATIONS);
      }),
      { numRuns: 40 },
    );
  });

  it('posts one cause exactly once under 20 concurrent repeats', async () => {
    const id = await insertTestMember(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(id, 150, `joining:${id}`, 'joining')),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(results.every((r) => r.balanceAfter === 150)).toBe(true);
    expect(await ledgerViolations(t.database, [id])).toEqual(NO_VIOLATIONS);
  });

  it('lets exactly as many concurrent debits through as the balance covers', async () => {
    const id = await insertTestMember(t.database.db);
    await post(id, 100, `fund:${id}`);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => post(id, -30, `spend:${id}:${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const { rows } = await t.database.executeSql('select balance from members where id = $1', [id]);
    expect(Number(rows[0]!.balance)).toBe(10);
    expect(await ledgerViolations(t.database, [id])).toEqual(NO_VIOLATIONS);
  });
});
