/**
 * Invoices pushed by an ERP through the integration API against the same lines through the Invoice
 * page's spreadsheet upload, both over HTTP to the real app on one fresh PostgreSQL database (demo
 * data seeded). N lines (default 100,000): 10 lines an invoice, 20 distributors each side, created by
 * the lines themselves (name, state, city on every line).
 * - push: `POST /api/integration/invoices` with an approved API key, 1,000 lines a request, one after
 *   another (key check, rate limit, idempotent transaction, per-line answers, call audit);
 * - upload: `POST /api/admin/invoices/upload` with a cs session, the same lines as xlsx files of the
 *   upload's own limit (20,000 rows a file), one after another, each read in the worker pool.
 * The workbooks and request bodies are made before the clock starts. Printed: both times, lines per
 * second and push / upload (goal ≤ 1.5×). PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/invoice-push.ts [N]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database; a fresh one is made)
 */

import os from 'node:os';
import { MAX_PUSH_LINES } from '@app/contract/integrations';
import { INVOICE_UPLOAD_COLUMNS } from '@app/contract/invoices';
import { demoEmail } from '@app/contract/permissions';
import { MAX_UPLOAD_ROWS } from '@app/contract/upload-limits';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { closeSheetPool } from '../apps/server/src/lib/sheet-upload/sheet-pool';
import { createJobs } from '../apps/server/src/plugins/jobs';
import { databaseFileStore } from '../apps/server/src/plugins/storage';
import { prepareDatabase } from '../apps/server/src/prepare';

const N = Number(process.argv[2] ?? 100_000);
const LINES_PER_INVOICE = 10;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_invoice_push_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${Math.round(N / (ms / 1000)).toLocaleString('en-IN')} lines/s`;

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

interface Line {
  distributorCode: string;
  distributorName: string;
  state: string;
  city: string;
  invoiceNumber: string;
  invoiceDate: string;
  sku: string;
  quantity: number;
}

/** The side's N lines: invoice i has lines for SKUs 0..9, its distributor one of 20. */
const linesOf = (side: string, skus: string[]): Line[] =>
  Array.from({ length: N }, (_, i) => {
    const invoice = Math.floor(i / LINES_PER_INVOICE);
    const d = invoice % 20;
    return {
      distributorCode: `B${side}-${String(d).padStart(2, '0')}`,
      distributorName: `Bench ${side} Distributor ${d}`,
      state: 'Maharashtra',
      city: 'Pune',
      invoiceNumber: `${side}/${invoice}`,
      invoiceDate: '2024-06-01',
      sku: skus[i % LINES_PER_INVOICE]!,
      quantity: 1 + (i % 50),
    };
  });

async function workbooks(lines: Line[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < lines.length; i += MAX_UPLOAD_ROWS) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...INVOICE_UPLOAD_COLUMNS]);
    for (const l of lines.slice(i, i + MAX_UPLOAD_ROWS))
      ws.addRow([
        l.invoiceNumber,
        l.invoiceDate,
        l.distributorCode,
        l.distributorName,
        '',
        l.state,
        l.city,
        l.sku,
        l.quantity,
      ]);
    out.push(Buffer.from(await wb.xlsx.writeBuffer()));
  }
  return out;
}

await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
await prepareDatabase(database, { seedDemo: true });
const jobs = createJobs(database, { runWorkers: false, pollingSeconds: 5 });
const app = await buildApp({
  config: { ...loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '10000' }), seedDemo: true },
  database,
  jobs,
  files: databaseFileStore(database),
  logger: false,
});
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const send = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = async (role: string) => {
    const res = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail(role), password: 'demo1234' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const cs = await login('cs');
  const almond = await login('almond team');

  const skus: string[] = [];
  for (let i = 0; i < LINES_PER_INVOICE; i++) {
    const sku = `BENCH-SKU-${i}`;
    await send('POST', '/api/admin/products', almond, {
      sku,
      name: `Bench ${i}`,
      category: 'Plywood',
      unit: 'sheet',
      basePoints: 10,
    });
    skus.push(sku);
  }
  // The ERP's key: cs asks, the almond team approves (maker-checker), with a limit the run never reaches.
  const account = await send('POST', '/api/admin/integrations/accounts', cs, { name: 'Bench ERP' });
  await send('POST', `/api/admin/integrations/accounts/${account.id}/decide`, almond, { result: 'approved' });
  const key = await send('POST', `/api/admin/integrations/accounts/${account.id}/keys`, cs, {
    label: 'bench',
    scopes: ['invoices.create'],
    ratePerMinute: 100_000,
  });
  const { secret } = (await send('POST', `/api/admin/integrations/keys/${key.id}/decide`, almond, {
    result: 'approved',
  })) as { secret: string };

  // A warm-up of each side (its own invoices, not counted): the first requests of a fresh server pay
  // for compiling code and planning statements, and the side run first would carry that alone.
  const warm = linesOf('W', skus).slice(0, 2 * MAX_PUSH_LINES);
  for (let i = 0; i < warm.length; i += MAX_PUSH_LINES)
    await send('POST', '/api/integration/invoices', secret, { lines: warm.slice(i, i + MAX_PUSH_LINES) });
  const [warmFile] = await workbooks(linesOf('X', skus).slice(0, 2 * MAX_PUSH_LINES));
  const warmForm = new FormData();
  warmForm.append('file', new Blob([warmFile!]), 'warm.xlsx');
  await fetch(`${base}/api/admin/invoices/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cs}` },
    body: warmForm,
  });

  const pushLines = linesOf('P', skus);
  const bodies: string[] = [];
  for (let i = 0; i < N; i += MAX_PUSH_LINES)
    bodies.push(JSON.stringify({ lines: pushLines.slice(i, i + MAX_PUSH_LINES) }));
  const files = await workbooks(linesOf('U', skus));

  let t = performance.now();
  let accepted = 0;
  for (const body of bodies) {
    const res = await fetch(`${base}/api/integration/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body,
    });
    if (!res.ok) throw new Error(`push: ${res.status} ${await res.text()}`);
    accepted += ((await res.json()) as { accepted: number }).accepted;
  }
  const push_ms = performance.now() - t;
  if (accepted !== N) throw new Error(`push accepted ${accepted} of ${N}`);

  t = performance.now();
  let applied = 0;
  for (const [i, content] of files.entries()) {
    const form = new FormData();
    form.append('file', new Blob([content]), `bench-${i}.xlsx`);
    const res = await fetch(`${base}/api/admin/invoices/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cs}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    applied += ((await res.json()) as { rowsApplied: number }).rowsApplied;
  }
  const upload_ms = performance.now() - t;
  if (applied !== N) throw new Error(`upload applied ${applied} of ${N}`);

  const [counts] = (
    await database.executeSql(
      "select count(*) filter (where number like 'P/%')::int as p, count(*) filter (where number like 'U/%')::int as u from invoices",
    )
  ).rows as { p: number; u: number }[];
  console.log(
    `invoice push, N = ${N.toLocaleString('en-IN')} lines (${counts!.p.toLocaleString('en-IN')} invoices pushed, ${counts!.u.toLocaleString('en-IN')} uploaded)`,
  );
  console.log(
    `  push    (integration API, ${bodies.length} requests of ${MAX_PUSH_LINES} lines, API key): ${seconds(push_ms)}  ${rate(push_ms)}`,
  );
  console.log(
    `  upload  (Invoice page's spreadsheet upload, ${files.length} xlsx files of ≤ ${MAX_UPLOAD_ROWS.toLocaleString('en-IN')} rows): ${seconds(upload_ms)}  ${rate(upload_ms)}`,
  );
  console.log(
    `  push / upload = ${(push_ms / upload_ms).toFixed(2)}× (goal ≤ 1.5×); load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await app.close();
  await closeSheetPool();
  await database.close();
  await withAdmin(`drop database if exists ${name} with (force)`);
}
