import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from './apps/server/src/db/client';
import { listBatches } from './apps/server/src/lib/lists/engine';
import { cellsOf, EXPORT_BATCH, exportColumns } from './apps/server/src/lib/lists/export';
import { xlsxChunks } from './apps/server/src/lib/xlsx-writer';
import { scanList } from './apps/server/src/modules/coupon-scans/coupon-scans.repository';
import { prepareDatabase } from './apps/server/src/prepare';
const N = Number(process.argv[2] ?? 300000);
const mode = process.argv[3] ?? 'xlsx';
const admin = 'postgres://root@127.0.0.1:5432/at_ci';
const name = `memx_${process.pid}`;
const q = async (t: string) => { const c = new pg.Client({ connectionString: admin }); await c.connect(); await c.query(t); await c.end(); };
await q(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: admin.replace('/at_ci', `/${name}`) });
try {
  await prepareDatabase(database, { seedDemo: false });
  await database.executeSql(`insert into members (id, code, name, mobile, type, status, date_of_birth, address_line, city, district, state, pincode, referral_code) select g, 'M' || g, 'Member ' || g, (9000000000 + g)::text, 'carpenter', 'approved', '1990-01-01', 'Street', 'Pune', 'Pune', 'Maharashtra', '411001', 'R' || g from generate_series(1, 1000) g`, []);
  await database.executeSql(`insert into coupon_scans (member_id, code, result, points, created_at) select 1 + (g % 997), 'CODE' || g, case when g % 10 = 0 then 'already_scanned' else 'success' end, 10, now() - (${N} - g) * interval '1 second' from generate_series(1, ${N}) g`, []);
  const mu = () => process.memoryUsage();
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const s = setInterval(() => { const m = mu(); for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]); }, 10);
  const mb = (b: number) => (b / 2 ** 20).toFixed(0);
  console.log('before', Object.entries(mu()).map(([k, v]) => `${k} ${mb(v)}`).join(', '));
  const columns = exportColumns(scanList);
  const header = columns.map((col) => ({ header: col.label, key: col.key }));
  const sel = { filter: {}, order: 'ASC' as const, sort: 'id', scope: undefined };
  const t0 = performance.now();
  if (mode === 'xlsx') await pipeline(Readable.from(xlsxChunks(header, cellsOf(columns, listBatches(scanList, database.db, sel, EXPORT_BATCH)))), createWriteStream('/dev/null'));
  else if (mode === 'read') { for await (const _b of listBatches(scanList, database.db, sel, EXPORT_BATCH)); }
  else if (mode === 'cells') { for await (const _b of cellsOf(columns, listBatches(scanList, database.db, sel, EXPORT_BATCH))); }
  clearInterval(s);
  console.log(mode, ((performance.now() - t0) / 1000).toFixed(1), 's; peak', Object.entries(peak).map(([k, v]) => `${k} ${mb(v)}`).join(', '));
} finally { await database.close(); await q(`drop database if exists ${name} with (force)`); }
