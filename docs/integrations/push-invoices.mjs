#!/usr/bin/env node
/**
 * Connector example: pushes the invoice lines of an ERP's CSV export to the integration API.
 *
 *   npm i csv-parse
 *   API_BASE=https://loyalty.example.com/api API_KEY=ak_… node push-invoices.mjs invoices.csv
 *
 * The CSV has a header row with these columns (any order; SAP/Tally exports are mapped to them first):
 *   invoiceNumber, invoiceDate (YYYY-MM-DD), distributorCode, distributorName, gstin, state, city, sku, quantity
 * Lines go up 1,000 a request. Each request carries an Idempotency-Key made from the file's content
 * and the batch's position, so running the script again after a crash or a timeout never creates an
 * invoice twice (and an invoice already there answers "duplicate" anyway). Refused lines are printed
 * with their field and reason; the exit code is 1 when any line was refused.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';

const [file] = process.argv.slice(2);
const base = process.env.API_BASE ?? 'http://localhost:3000/api';
const key = process.env.API_KEY;
if (!file || !key) {
  console.error('usage: API_KEY=ak_… [API_BASE=…/api] node push-invoices.mjs invoices.csv');
  process.exit(2);
}

const content = readFileSync(file);
const fileHash = createHash('sha256').update(content).digest('hex').slice(0, 16);
const lines = parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true });
const BATCH = 1000;
let refused = 0;

for (let start = 0; start < lines.length; start += BATCH) {
  const batch = lines.slice(start, start + BATCH);
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/integration/invoices`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': `csv-${fileHash}-${start}`,
      },
      body: JSON.stringify({ lines: batch }),
    });
    // Over the key's rate limit or a passing fault: wait (as told) and send the same request again.
    if ((res.status === 429 || res.status >= 500) && attempt < 6) {
      await sleep(Number(res.headers.get('retry-after') ?? 2 ** attempt) * 1000);
      continue;
    }
    const answer = await res.json();
    if (!res.ok)
      throw new Error(`lines ${start + 1}–${start + batch.length}: ${res.status} ${answer.message}`);
    for (const line of answer.lines.filter((l) => l.outcome === 'refused'))
      console.log(`line ${start + line.line + 2}: ${line.field}: ${line.reason}`);
    refused += answer.refused;
    console.log(
      `lines ${start + 1}–${start + batch.length}: ${answer.accepted} accepted, ${answer.duplicate} duplicate, ${answer.refused} refused (${answer.invoicesCreated} invoices created)`,
    );
    break;
  }
}
process.exit(refused > 0 ? 1 : 0);
