/**
 * The database of bench/lists.ts: N scan attempts and N coupons made with generate_series.
 * With BENCH_KEEP=1 it is named after N and kept, and a later run with the same N reuses it
 * (generating 10,000,000 of each takes minutes); drop it with BENCH_DROP=1 or `drop database`.
 *
 * Coupons: serials 1..N in 100 batches of 10 products; invoice 1 holds 999 in 1,000 of them (one
 * line and allocation per batch), invoice 2 the rest (N/1,000, spread over every batch). 1 in 10 is
 * scanned (with its successful scan in coupon_scans), 1 in 1,000 damaged, the others active.
 */
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';

/** Bump when the generated data changes: a kept database of another version is made again. */
const DATA_VERSION = 3;

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

async function generate(database: Database, N: number) {
  const run = (text: string) => database.executeSql(text, []);
  const perBatch = Math.ceil(N / 100);
  await run(`insert into members (id, code, name, mobile, type, status, date_of_birth, address_line, city,
      district, state, pincode, referral_code)
    select g, 'M' || g, 'Member ' || g, (9000000000 + g)::text, 'carpenter', 'approved', '1990-01-01', 'Street',
      'Pune', 'Pune', 'Maharashtra', '411001', 'R' || g
    from generate_series(1, 1000) g`);
  // A scan whose number ends in 3 is the successful scan of the coupon of the same serial.
  await run(`insert into coupon_scans (member_id, code, coupon_serial, result, points, created_at)
    select 1 + (g % 997), 'CODE' || g, case when g % 10 = 3 then g end,
      case when g % 10 = 0 then 'already_scanned' else 'success' end, 10,
      now() - (${N} - g) * interval '1 second'
    from generate_series(1, ${N}) g`);
  await run(`insert into products (id, sku, name, category, unit, base_points)
    select g, 'SKU' || g, 'Product ' || g, 'Adhesive', 'kg', 10 from generate_series(1, 10) g`);
  await run(
    `insert into distributors (id, code, name, state, city) values (1, 'D1', 'Distributor', 'Maharashtra', 'Pune')`,
  );
  await run(`insert into invoices (id, distributor_id, number, invoice_date) values
    (1, 1, 'INV-BIG', '2026-01-01'), (2, 1, 'INV-SMALL', '2026-01-02')`);
  await run(`insert into coupon_batches (id, product_id, quantity, expires_on, status, first_serial, last_serial)
    select b, 1 + b % 10, ${perBatch}, '2099-12-31', 'ready', (b - 1) * ${perBatch} + 1, b * ${perBatch}
    from generate_series(1, 100) b`);
  // Lines 1..100 on invoice 1, 101..200 on invoice 2, one allocation each, of the same id.
  await run(`insert into invoice_lines (id, invoice_id, product_id, quantity, allocated)
    select l, case when l <= 100 then 1 else 2 end, 1 + ((l - 1) % 100 + 1) % 10, ${perBatch}, 0
    from generate_series(1, 200) l`);
  await run(`insert into coupon_allocations (id, invoice_line_id, distributor_id, mode, quantity)
    select l, l, 1, 'next', 0 from generate_series(1, 200) l`);
  await run(`insert into coupons (serial, code, batch_id, status, allocation_id)
    select g, 'C' || g, (g - 1) / ${perBatch} + 1,
      (case when g % 10 = 3 then 'scanned' when g % 1000 = 7 then 'damaged' else 'active' end)::coupon_status,
      (g - 1) / ${perBatch} + 1 + case when g % 1000 = 500 then 100 else 0 end
    from generate_series(1, ${N}) g`);
  await run(`update coupon_allocations a set quantity = n from
    (select allocation_id, count(*)::int as n from coupons group by allocation_id) c where c.allocation_id = a.id`);
  await run(`update invoice_lines l set quantity = a.quantity, allocated = a.quantity
    from coupon_allocations a where a.invoice_line_id = l.id`);
  await run(`create table bench_meta as select ${N}::bigint as n, ${DATA_VERSION} as version`);
  // What autovacuum would have done by the time anyone pages: statistics and the visibility map.
  await run('vacuum analyze');
}

export interface BenchDatabase {
  database: Database;
  name: string;
  reused: boolean;
  /** Closes the pool; drops the database unless it is kept. */
  close(): Promise<void>;
}

export async function benchDatabase(N: number): Promise<BenchDatabase> {
  const keep = process.env.BENCH_KEEP === '1';
  const name = keep ? `bench_lists_keep_${N}` : `bench_lists_${process.pid}`;
  const exists = await withAdmin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  let reused = false;
  if (exists) {
    const probe = await openDatabase({ kind: 'postgres', url: urlOf(name) });
    const meta = await probe
      .executeSql('select n::float8 as n, version from bench_meta')
      .catch(() => ({ rows: [] as Record<string, unknown>[] }));
    await probe.close();
    reused = Number(meta.rows[0]?.n) === N && Number(meta.rows[0]?.version) === DATA_VERSION;
    if (!reused) await withAdmin((c) => c.query(`drop database ${name} with (force)`));
  }
  if (!reused) await withAdmin((c) => c.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
  if (!reused) {
    await prepareDatabase(database, { seedDemo: false });
    const t0 = performance.now();
    console.log(`generating ${N.toLocaleString('en-IN')} scan attempts and coupons in ${name}…`);
    await generate(database, N);
    console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } else {
    console.log(`reusing ${name} (${N.toLocaleString('en-IN')} scan attempts and coupons)`);
  }
  return {
    database,
    name,
    reused,
    close: async () => {
      await database.close();
      if (!keep || process.env.BENCH_DROP === '1')
        await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
