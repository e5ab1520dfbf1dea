import { shiftDay, todayInIndia } from '@app/contract/format';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { Db } from '../../db/client';
import { barrier } from '../coupons/race.test-kit';
import { retireVouchers } from './gift-vouchers.service';
import { takeVoucher } from './voucher-stock';

let t: TestApp;
/** Enough connections for every racer to hold its own transaction at once (the app's pool has 10). */
let pool: pg.Pool;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 60 });
  db = drizzle(pool) as Db;
});
afterAll(async () => {
  await pool?.end();
  await t?.close();
});

const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

async function stock(brand: string, n: number, denominationPaise = 50_000) {
  for (let i = 0; i < n; i++)
    await sql(
      'insert into gift_vouchers (brand, denomination_paise, code, expires_on) values ($1, $2, $3, $4::date)',
      [brand, denominationPaise, `RACE-${brand}-${i}`, shiftDay(todayInIndia(), 10 + (i % 3))],
    );
}

describe('takeVoucher under concurrency (PostgreSQL)', () => {
  it('50 concurrent calls for 10 vouchers: 10 issued, each to one redemption, never twice', async () => {
    await stock('Race Brand', 10);
    const wait = barrier(50);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction(async (tx) => {
          await wait();
          return takeVoucher(tx, { brand: 'race brand', denominationPaise: 50_000, redemptionId: 1_000 + i });
        }),
      ),
    );
    const issued = results.filter((r) => r !== null);
    expect(issued).toHaveLength(10);
    expect(new Set(issued.map((v) => v!.id)).size).toBe(10);
    const rows = await sql(
      "select count(*)::int as n, count(distinct redemption_id)::int as r from gift_vouchers where brand = 'Race Brand' and status = 'issued'",
    );
    expect(rows[0]).toEqual({ n: 10, r: 10 });
    // Oldest expiry first: the first ones taken expire no later than any left (none are left).
    expect(
      await sql(
        "select count(*)::int as n from gift_vouchers where brand = 'Race Brand' and status = 'available'",
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('one redemption asking 20 times at once holds one voucher', async () => {
    await stock('Twice Brand', 5);
    const wait = barrier(20);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          await wait();
          return takeVoucher(tx, { brand: 'Twice Brand', denominationPaise: 50_000, redemptionId: 77_777 });
        }),
      ),
    );
    expect(results.some((r) => r.status === 'fulfilled' && r.value)).toBe(true);
    expect(await sql('select count(*)::int as n from gift_vouchers where redemption_id = 77777')).toEqual([
      { n: 1 },
    ]);
  });

  it('a bulk void racing issues never voids an issued voucher', async () => {
    await stock('Void Race', 10);
    const actor = { id: null, role: 'almond team', requestId: null };
    const wait = barrier(11);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (tx) => {
          await wait();
          return takeVoucher(tx, { brand: 'Void Race', denominationPaise: 50_000, redemptionId: 2_000 + i });
        }),
      ),
      (async () => {
        await wait();
        return retireVouchers(t.app, actor, {
          action: 'void',
          filter: { brand: 'Void Race' },
          reason: 'race',
        });
      })(),
    ]);
    const bad = await sql(
      "select count(*)::int as n from gift_vouchers where brand = 'Void Race' and (status = 'void') = (redemption_id is not null)",
    );
    expect(bad).toEqual([{ n: 0 }]);
  });
});
