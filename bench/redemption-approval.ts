/**
 * Bulk approval of 10,000 cash redemptions through the decision mechanism (lib/decisions decideMany,
 * in chunks of 500 as the bulk route takes them), against the raw ceiling of the same change as two
 * set-based statements (UPDATE … WHERE id = ANY, INSERT … SELECT of the history). The product path
 * is set-based (the flow's lockMany/applyMany: per chunk one locking SELECT in id order, one UPDATE,
 * one history INSERT, one audit INSERT); for reference, a sample of R rows also goes through the
 * row-by-row savepoint path (the same flow without lockMany/applyMany: savepoint, lock, update,
 * history, audit, release per row). Prints time, rows per second and SQL statements per row of each.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 *   npx tsx bench/redemption-approval.ts [N] [R = min(N, 1000); 0 skips the row-by-row sample]
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { decideMany } from '../apps/server/src/lib/decisions';
import {
  decideRedemptions,
  redemptionDecisions,
} from '../apps/server/src/modules/redemptions/redemptions.service';
import { prepareDatabase } from '../apps/server/src/prepare';

const [N = 10_000, R = Math.min(N, 1_000)] = process.argv.slice(2).map(Number);
const CHUNK = 500;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_redemptions_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

// Every statement sent by any client of this process.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
try {
  await prepareDatabase(database, { seedDemo: false });
  const sqlRun = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  await sqlRun(`insert into members (id, code, name, mobile, type, status, kyc_status, date_of_birth, address_line,
      city, district, state, pincode, referral_code)
    select g, 'M' || g, 'Member ' || g, (9000000000 + g)::text, 'carpenter', 'approved', 'approved', '1990-01-01',
      'Street', 'Pune', 'Pune', 'Maharashtra', '411001', 'R' || g
    from generate_series(1, 1000) g`);
  const make = (offset: number) =>
    sqlRun(`insert into redemptions (member_id, kind, points, paise_per_point, value_paise, financial_year,
        prior_fy_value_paise, pan_on_file, tds_rate_bp, tds_paise, tds_borne_by, net_paise, payout, payout_to)
      select 1 + (g % 1000), 'cash', 1000, 25, 25000, '2026-27', 0, true, 0, 0, 'member', 25000, 'bank', 'SBI •••• 1234'
      from generate_series(${offset + 1}, ${offset + N}) g`);
  await make(0);
  await make(N);
  if (R > 0)
    await sqlRun(`insert into redemptions (member_id, kind, points, paise_per_point, value_paise, financial_year,
        prior_fy_value_paise, pan_on_file, tds_rate_bp, tds_paise, tds_borne_by, net_paise, payout, payout_to)
      select 1 + (g % 1000), 'cash', 1000, 25, 25000, '2026-27', 0, true, 0, 0, 'member', 25000, 'bank', 'SBI •••• 1234'
      from generate_series(1, ${R}) g`);
  await sqlRun('analyze');
  const ids = (await sqlRun('select id from redemptions order by id')).rows.map((r) => Number(r.id));
  const product = ids.slice(0, N);
  const raw = ids.slice(N, 2 * N);
  const sample = ids.slice(2 * N);

  const app = { database } as unknown as FastifyInstance;
  const actor = { id: 1, role: 'finance', requestId: null };
  statements = 0;
  let t0 = performance.now();
  let approved = 0;
  for (let i = 0; i < product.length; i += CHUNK) {
    const outcomes = await decideRedemptions(app, actor, product.slice(i, i + CHUNK), 'approved', null);
    approved += outcomes.filter((o) => o.outcome === 'approved').length;
  }
  const productMs = performance.now() - t0;
  const productStatements = statements;

  statements = 0;
  t0 = performance.now();
  for (let i = 0; i < raw.length; i += CHUNK) {
    const chunk = raw.slice(i, i + CHUNK);
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      await client.query(
        `update redemptions set status = 'approved', approved_by = 1, approved_at = now(), decided_by = 1,
           updated_at = now() where id = any($1::int[]) and status = 'requested'`,
        [chunk],
      );
      await client.query(
        `insert into redemption_events (redemption_id, from_status, to_status, staff_id)
         select unnest($1::int[]), 'requested', 'approved', 1`,
        [chunk],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
  }
  const rawMs = performance.now() - t0;
  const rawStatements = statements;

  // The row-by-row path on a sample: the same flow without its set-based pair.
  const rowByRow = { ...redemptionDecisions, lockMany: undefined, applyMany: undefined };
  statements = 0;
  t0 = performance.now();
  let sampleApproved = 0;
  for (let i = 0; i < sample.length; i += CHUNK) {
    const decision = { actor, result: 'approved' as const, reason: null, input: undefined };
    const outcomes = await decideMany(app, rowByRow, sample.slice(i, i + CHUNK), decision);
    sampleApproved += outcomes.filter((o) => o.outcome === 'approved').length;
  }
  const rowMs = performance.now() - t0;
  const rowStatements = statements;
  const [audits] = (
    await sqlRun(`select count(*)::int as n from audit_log where action = 'redemption.approved'`)
  ).rows as { n: number }[];

  console.log(`bulk approval of ${N.toLocaleString('en-IN')} cash redemptions (chunks of ${CHUNK})`);
  console.log(
    `  product (decideMany): ${(productMs / 1000).toFixed(2)} s, ${Math.round(N / (productMs / 1000)).toLocaleString('en-IN')} rows/s, ${(productStatements / N).toFixed(3)} statements per row, ${approved} approved`,
  );
  console.log(
    `  ceiling (set-based SQL): ${(rawMs / 1000).toFixed(2)} s, ${(rawStatements / N).toFixed(3)} statements per row`,
  );
  console.log(`  product / ceiling = ${(productMs / rawMs).toFixed(1)}×`);
  if (R > 0) {
    console.log(
      `  row by row (savepoints), ${R.toLocaleString('en-IN')} rows: ${(rowMs / 1000).toFixed(2)} s, ${Math.round(R / (rowMs / 1000)).toLocaleString('en-IN')} rows/s, ${(rowStatements / R).toFixed(1)} statements per row, ${sampleApproved} approved`,
    );
    console.log(
      `  set-based product / row by row = ${(N / productMs / (R / rowMs)).toFixed(1)}× the rows per second`,
    );
  }
  console.log(`  audit entries written: ${audits?.n} (one per approved row)`);
} finally {
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
