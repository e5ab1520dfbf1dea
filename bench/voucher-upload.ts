/**
 * Uploading N gift voucher codes (default 100,000) the way Update Bulk Coupon does (the xlsx read in
 * the worker pool, every row checked, duplicates looked up against stock, PINs encrypted, the rows
 * stored with their upload record and audit entry), against its ceiling: a raw COPY of the same N
 * rows, PINs already encrypted, into an identical keyed table (`like gift_vouchers including all`,
 * plus the foreign key to gift_voucher_uploads that `like` does not copy). The ceiling writes the
 * same columns as the product, upload_id of a real upload row and created_by as the product does:
 * the foreign key checks each row, and leaving it out would make the ceiling cheaper than the rows.
 * Both sides start from a database holding the same rows only on their own side (the product's
 * duplicate check runs against an empty stock table, as the COPY has no check at all).
 * PostgreSQL only; not part of npm test. Goal: product / ceiling ≤ 2×.
 *
 *   npx tsx bench/voucher-upload.ts [N]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/at_ci (maintenance database; a fresh one is made)
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
// Type-only: brings the app's Fastify augmentations (app.database …) into this program.
import type {} from '../apps/server/src/app';
import { DEV_ENCRYPTION_KEY } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { encryptText } from '../apps/server/src/lib/field-crypto';
import { closeSheetPool } from '../apps/server/src/lib/sheet-upload/sheet-pool';
import { uploadVouchers } from '../apps/server/src/modules/gift-vouchers/gift-vouchers-upload.service';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const N = Number(process.argv[2] ?? 100_000);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/at_ci';
const name = `bench_vouchers_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function withAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const BRANDS = ['Amazon Pay', 'Flipkart', 'Myntra', 'Croma'];
const expiry = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
const rows = Array.from({ length: N }, (_, i) => ({
  brand: BRANDS[i % BRANDS.length]!,
  rupees: [500, 1000, 2000][i % 3]!,
  code: `${randomBytes(8).toString('hex').toUpperCase()}-${i}`,
  pin: String(100_000 + ((i * 7_919) % 900_000)),
}));

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Gift vouchers');
  ws.addRow([...VOUCHER_UPLOAD_COLUMNS]);
  const [y, m, d] = expiry.split('-');
  for (const r of rows) ws.addRow([r.brand, r.rupees, r.code, r.pin, `${d}/${m}/${y}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
try {
  await prepareDatabase(database, { seedDemo: false });
  const content = await workbook();
  const app = {
    database,
    files: databaseFileStore(database),
    config: { encryptionKey: DEV_ENCRYPTION_KEY },
  } as unknown as FastifyInstance;
  const actor = { id: null, role: 'almond team', requestId: null };

  let t = performance.now();
  const result = await uploadVouchers(app, actor, { content, fileName: 'bench.xlsx', applyValid: false });
  const product_ms = performance.now() - t;
  if (result.rowsApplied !== N)
    throw new Error(`applied ${result.rowsApplied} of ${N}: ${JSON.stringify(result.errors.slice(0, 3))}`);
  const [stored] = (
    await database.executeSql('select count(*)::int as n, count(distinct code)::int as d from gift_vouchers')
  ).rows;

  // Same rows, same checks: the foreign key `like` leaves out, and a real upload for them to name.
  await database.executeSql(`create table gift_vouchers_ceiling (like gift_vouchers including all);
    alter table gift_vouchers_ceiling add foreign key (upload_id) references gift_voucher_uploads (id)`);
  const [upload] = (
    await database.executeSql(
      `insert into gift_voucher_uploads (file_name, rows_applied) values ('ceiling.xlsx', ${N}) returning id`,
    )
  ).rows as { id: number }[];
  const tail = `\t${upload!.id}\t\\N\n`; // upload_id, created_by (the bench's actor has no staff id)
  // The ceiling gets its rows ready-made: encrypted PINs are not part of its time.
  const lines = rows.map(
    (r) =>
      `${r.brand}\t${r.rupees * 100}\t${r.code}\t${encryptText(DEV_ENCRYPTION_KEY, r.pin)}\t${r.pin.length}\t${expiry}${tail}`,
  );
  const chunks = function* () {
    for (let i = 0; i < N; i += 10_000) yield lines.slice(i, i + 10_000).join('');
  };
  const client = await database.pool!.connect();
  t = performance.now();
  await pipeline(
    Readable.from(chunks()),
    client.query(
      copyFrom(
        'copy gift_vouchers_ceiling (brand, denomination_paise, code, pin_cipher, pin_length, expires_on, upload_id, created_by) from stdin',
      ),
    ),
  );
  const ceiling_ms = performance.now() - t;
  client.release();

  console.log(
    `voucher upload, N = ${N.toLocaleString('en-IN')} (xlsx ${(content.length / 1e6).toFixed(1)} MB; stored ${stored!.n}, distinct ${stored!.d})`,
  );
  console.log(
    `  product  (upload service: worker-pool xlsx read, row checks, duplicate lookup, PIN encryption, COPY in one transaction): ${seconds(product_ms)}  ${Math.round(N / (product_ms / 1000)).toLocaleString('en-IN')} rows/s`,
  );
  console.log(
    `  ceiling  (raw COPY of the same rows and columns, PINs pre-encrypted, into an identical keyed table with the upload foreign key): ${seconds(ceiling_ms)}`,
  );
  console.log(`  product / ceiling = ${(product_ms / ceiling_ms).toFixed(2)}×`);
} finally {
  await closeSheetPool();
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
