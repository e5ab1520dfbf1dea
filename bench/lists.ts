/**
 * The list engine over N scan attempts and N coupons (default 10,000,000 each) against its ceiling:
 * the same keyset page SQL run raw (bench/lists-pages.ts). Then the xlsx export of E rows (default
 * 1,000,000; with 0 it writes no rows): time, exact peak RSS and its growth over the RSS before, against writing the same rows as deflated CSV.
 * PostgreSQL only; the rows are made with generate_series (bench/lists-data.ts) in a fresh database,
 * dropped at the end — or, with BENCH_KEEP=1, kept and reused by the next run of the same N.
 *
 *   npx tsx bench/lists.ts [N] [E]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 *   BENCH_KEEP=1 (keep/reuse the database)  BENCH_DROP=1 (drop it at the end even so)
 *   BENCH_PAGES=0 (the export only)  BENCH_RUNS=100 (runs per case)  BENCH_EXPLAIN=1 (print EXPLAIN ANALYZE of each page's SQL)
 */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw } from 'node:zlib';
import { listBatches } from '../apps/server/src/lib/lists/engine';
import { cellsOf, EXPORT_BATCH, exportColumns } from '../apps/server/src/lib/lists/export';
import { xlsxChunks } from '../apps/server/src/lib/xlsx-writer';
import { scanList } from '../apps/server/src/modules/coupon-scans/coupon-scans.repository';
import { benchDatabase } from './lists-data';
import { benchListPages } from './lists-pages';

const [N = 10_000_000, E = 1_000_000] = process.argv.slice(2).map(Number);
const bench = await benchDatabase(N);
const { database, name } = bench;
try {
  if (process.env.BENCH_PAGES !== '0') await benchListPages(database, N);
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
  const file = join(tmpdir(), `${name}.out`);
  const columns = exportColumns(scanList);
  const header = columns.map((col) => ({
    header: col.label,
    key: col.key,
    width: col.width,
    format: col.format,
  }));
  /**
   * Wall time, this process's CPU time (zlib's threads included; the database's not), and memory:
   * the kernel's exact peak RSS (VmHWM, reset before each export through /proc/self/clear_refs, so
   * no sampling can miss a spike) and its growth over the RSS the process had before the export.
   * The growth is what an export costs a server; the absolute peak also holds the process's own
   * baseline (tsx, pg, Drizzle and the schema: ~175–195 MB before a single row is read).
   */
  const measure = async (write: () => Promise<void>) => {
    const before = process.memoryUsage().rss;
    writeFileSync('/proc/self/clear_refs', '5');
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await write();
    const cpu = process.cpuUsage(cpu0);
    const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
    return {
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      before,
      rss: peak,
      growth: peak - before,
    };
  };
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
  await unlink(file);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `export ${E.toLocaleString('en-IN')} rows (RSS before ${mb(xlsx.before)} MB): ` +
      `xlsx ${s(xlsx.ms)} s (CPU ${s(xlsx.cpuMs)} s), peak RSS ${mb(xlsx.rss)} MB (+${mb(xlsx.growth)} MB), ${mb(xlsxBytes)} MB; ` +
      `deflated CSV ${s(csv.ms)} s (CPU ${s(csv.cpuMs)} s), peak RSS ${mb(csv.rss)} MB (+${mb(csv.growth)} MB), ${mb(csvBytes)} MB; ` +
      `ratio ${(xlsx.ms / csv.ms).toFixed(2)}x (CPU ${(xlsx.cpuMs / csv.cpuMs).toFixed(2)}x)`,
  );
} finally {
  await bench.close();
}
