/**
 * The list engine over N scan attempts (default 10,000,000) against its ceiling: the same keyset
 * page SQL run raw. First page and a page ~N/2 deep (by cursor), with a selective filter (one
 * member) and an unselective one (every success). Then the xlsx export of E rows (default
 * 1,000,000): time and peak RSS, against writing the same rows as deflated CSV. PostgreSQL only;
 * the rows are made with generate_series in a fresh database, dropped at the end.
 *
 *   npx tsx bench/lists.ts [N] [E]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 *
 * Coupons are not measured yet: no list pages over the coupons table alone (Invoice Wise lists the
 * coupons of one invoice).
 */
import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw } from 'node:zlib';
import type { ListQuery } from '@app/contract/list';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { listBatches, listPage } from '../apps/server/src/lib/lists/engine';
import { cellsOf, EXPORT_BATCH, exportColumns } from '../apps/server/src/lib/lists/export';
import { xlsxChunks } from '../apps/server/src/lib/xlsx-writer';
import { scanList } from '../apps/server/src/modules/coupon-scans/coupon-scans.repository';
import { prepareDatabase } from '../apps/server/src/prepare';

const [N = 10_000_000, E = 1_000_000] = process.argv.slice(2).map(Number);
const RUNS = 40;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_lists_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!;
async function timeIt(run: () => Promise<unknown>) {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  return p95(ms);
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
try {
  await prepareDatabase(database, { seedDemo: false });
  const sqlRun = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  console.log(`generating ${N.toLocaleString('en-IN')} scan attempts…`);
  await sqlRun(`insert into members (id, code, name, mobile, type, status, date_of_birth, address_line, city,
      district, state, pincode, referral_code)
    select g, 'M' || g, 'Member ' || g, (9000000000 + g)::text, 'carpenter', 'approved', '1990-01-01', 'Street',
      'Pune', 'Pune', 'Maharashtra', '411001', 'R' || g
    from generate_series(1, 1000) g`);
  await sqlRun(`insert into coupon_scans (member_id, code, result, points, created_at)
    select 1 + (g % 997), 'CODE' || g, case when g % 10 = 0 then 'already_scanned' else 'success' end, 10,
      now() - (${N} - g) * interval '1 second'
    from generate_series(1, ${N}) g`);
  await sqlRun('analyze');

  const deep = await sqlRun('select id::text as id from coupon_scans order by id desc offset $1 limit 1', [
    Math.floor(N / 2),
  ]);
  const deepId = String(deep.rows[0]!.id);
  /** The cursor a user holds after paging ~N/2 deep: the first page's, moved to the deep row (its total rides along). */
  const deepCursor = async (filter: Record<string, unknown>) => {
    const first = await listPage(scanList, database.db, {
      page: 1,
      perPage: 25,
      order: 'DESC',
      sort: 'id',
      filter,
    });
    const carried = first.nextCursor
      ? JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString('utf8'))
      : {};
    return Buffer.from(JSON.stringify({ ...carried, value: deepId, id: deepId })).toString('base64url');
  };
  const cases = [
    { label: 'unselective (result=success)', filter: { result: 'success' }, raw: `c.result = 'success'` },
    { label: 'selective (one member)', filter: { memberId: 7 }, raw: 'c.member_id = 7' },
  ];
  console.log('case | product p95 ms | raw keyset p95 ms | ratio');
  for (const c of cases) {
    for (const at of ['first page', 'page ~N/2 deep']) {
      const deepPage = at !== 'first page';
      const query: ListQuery = {
        page: 1,
        perPage: 25,
        order: 'DESC',
        sort: 'id',
        filter: c.filter,
        ...(deepPage ? { cursor: await deepCursor(c.filter) } : {}),
      };
      const product = await timeIt(() => listPage(scanList, database.db, query));
      const raw = await timeIt(() =>
        sqlRun(
          `select c.*, m.code, m.name from coupon_scans c left join members m on m.id = c.member_id
           where ${c.raw} ${deepPage ? `and c.id < ${deepId}` : ''} order by c.id desc limit 26`,
        ),
      );
      console.log(
        `${c.label}, ${at} | ${product.toFixed(1)} | ${raw.toFixed(1)} | ${(product / raw).toFixed(2)}x`,
      );
    }
  }

  // Export of E rows: the list's xlsx stream to a file vs the same rows as deflated CSV.
  const selection = { filter: {}, order: 'ASC' as const, sort: 'id', scope: undefined };
  const rowsOfExport = async function* () {
    let n = 0;
    for await (const batch of listBatches(scanList, database.db, selection, EXPORT_BATCH)) {
      const room = E - n;
      if (room <= 0) return;
      n += batch.length;
      yield batch.slice(0, room);
    }
  };
  const peak = { rss: 0 };
  const sampler = setInterval(() => {
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
  }, 20);
  const file = join(tmpdir(), `${name}.out`);
  const columns = exportColumns(scanList);
  const header = columns.map((col) => ({ header: col.label, key: col.key }));
  /** Wall time, this process's CPU time (zlib's threads included; the database's not) and peak RSS. */
  const measure = async (write: () => Promise<void>) => {
    peak.rss = process.memoryUsage().rss;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await write();
    const cpu = process.cpuUsage(cpu0);
    return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, rss: peak.rss };
  };
  const rssBefore = process.memoryUsage().rss;
  const xlsx = await measure(() =>
    pipeline(Readable.from(xlsxChunks(header, cellsOf(columns, rowsOfExport()))), createWriteStream(file)),
  );
  const xlsxBytes = (await stat(file)).size;
  // The ceiling: the same rows from the same reads and the same cells, as CSV through zlib's default deflate.
  const csvText = async function* () {
    for await (const batch of cellsOf(columns, rowsOfExport())) {
      yield `${batch.map((row) => columns.map((col) => JSON.stringify(row[col.key] ?? '')).join(',')).join('\n')}\n`;
    }
  };
  const csv = await measure(() =>
    pipeline(Readable.from(csvText()), createDeflateRaw(), createWriteStream(file)),
  );
  const csvBytes = (await stat(file)).size;
  clearInterval(sampler);
  await unlink(file);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `export ${E.toLocaleString('en-IN')} rows (RSS before ${mb(rssBefore)} MB): ` +
      `xlsx ${s(xlsx.ms)} s (CPU ${s(xlsx.cpuMs)} s), peak RSS ${mb(xlsx.rss)} MB, ${mb(xlsxBytes)} MB; ` +
      `deflated CSV ${s(csv.ms)} s (CPU ${s(csv.cpuMs)} s), peak RSS ${mb(csv.rss)} MB, ${mb(csvBytes)} MB; ` +
      `ratio ${(xlsx.ms / csv.ms).toFixed(2)}x (CPU ${(xlsx.cpuMs / csv.cpuMs).toFixed(2)}x)`,
  );
} finally {
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
