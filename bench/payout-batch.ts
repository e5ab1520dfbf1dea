/**
 * Payout batches of N (10,000) cash redemptions:
 * 1. Payout API: the product's send (modules/payouts sendLines: chunks claimed `sending`, payees read
 *    and their accounts opened, one RazorpayX request per line with its idempotency key, answers
 *    recorded) through the RazorpayX stand-in, against the same N requests sent raw (fetch, the same
 *    16 in flight, no database). Target ≤ 1.5×.
 * 2. Bank file: the product's HDFC ENet file of N lines (takeBankFile: payees read, accounts opened,
 *    file built, sealed and kept with the batch, the copy audited) written to disk, against the raw CSV write of
 *    the same lines (one SELECT of the same columns, accounts opened, joined, written). Target ≤ 2×.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 *   npx tsx bench/payout-batch.ts [N]
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { decryptText, encryptTexts } from '../apps/server/src/lib/field-crypto';
import { takeBankFile } from '../apps/server/src/modules/payouts/bank-file.service';
import { payoutKeyOf } from '../apps/server/src/modules/payouts/payout-lines.repository';
import { sendLines } from '../apps/server/src/modules/payouts/payout-sender';
import { startRazorpayxStandIn } from '../apps/server/src/modules/payouts/razorpayx-stand-in.test-kit';
import { prepareDatabase } from '../apps/server/src/prepare';

const [N = 10_000] = process.argv.slice(2).map(Number);
const MEMBERS = 1000;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const name = `bench_payouts_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

const standIn = await startRazorpayxStandIn();
const accounts = Array.from({ length: MEMBERS }, (_, i) => String(100_000_000_000 + i));
const config = loadConfig({ ...standIn.env, ENCRYPTION_KEY: 'ab'.repeat(32), LOG_LEVEL: 'silent' });
await withAdmin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
const app = { config, database } as unknown as FastifyInstance;
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
try {
  await prepareDatabase(database, { seedDemo: false });
  const run = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  await run(`insert into members (id, code, name, mobile, type, status, kyc_status, date_of_birth, address_line,
      city, district, state, pincode, referral_code)
    select g, 'M' || g, 'Member ' || g, (9000000000 + g)::text, 'carpenter', 'approved', 'approved', '1990-01-01',
      'Street', 'Pune', 'Pune', 'Maharashtra', '411001', 'R' || g
    from generate_series(1, ${MEMBERS}) g`);
  await run(
    `insert into kyc_submissions (id, member_id, status, aadhaar_last4, aadhaar_front_file_id, aadhaar_back_file_id,
        pan_cipher, pan_last4, pan_file_id, account_holder, account_cipher, account_last4, ifsc, bank_name, cheque_file_id)
      select g, g, 'approved', '1234', 0, 0, '', '', 0, 'Member ' || g, c, right(a, 4), 'SBIN0001234',
        'State Bank of India', 0
      from unnest($1::text[], $2::text[]) with ordinality as x(c, a, g)`,
    [encryptTexts(config, accounts), accounts],
  );
  const batch = async (rail: string, offset: number) => {
    await run(`insert into redemptions (id, member_id, kind, points, paise_per_point, value_paise, financial_year,
        prior_fy_value_paise, pan_on_file, tds_rate_bp, tds_paise, tds_borne_by, net_paise, payout, payout_to,
        kyc_id, status)
      select g, 1 + (g % ${MEMBERS}), 'cash', 1000, 25, 25000, '2026-27', 0, true, 0, 0, 'member', 25000, 'bank',
        'SBI •••• 1234', 1 + (g % ${MEMBERS}), 'approved'
      from generate_series(${offset + 1}, ${offset + N}) g`);
    const [b] = (
      await run(`insert into payout_batches (rail, status, released_at) values ('${rail}', 'released', now())
        returning id`)
    ).rows as { id: number }[];
    await run(
      `insert into payout_lines (batch_id, redemption_id, idempotency_key, mode, amount_paise)
        select $1, g, 'redemption-' || g, 'NEFT', 25000 from generate_series(${offset + 1}, ${offset + N}) g`,
      [b!.id],
    );
    return Number(b!.id);
  };

  // 1. Payout API.
  const apiBatch = await batch('api', 0);
  const lineIds = (
    await run('select id from payout_lines where batch_id = $1 order by id', [apiBatch])
  ).rows.map((r) => Number(r.id));
  // Both paths share the stand-in and fetch's connections: warmed first, so neither pays for that.
  await sendRaw(1000, 'warm');
  // The machine's load drifts: raw runs before and after the product's, compared with their mean.
  const rawBefore = await timed(() => sendRaw(N, 'before'));
  const product = await timed(() => sendLines(app, lineIds));
  const sent = (await run("select count(*)::int as n from payout_lines where status = 'pending'")).rows[0]!.n;
  const rawAfter = await timed(() => sendRaw(N, 'after'));
  const raw = (rawBefore + rawAfter) / 2;
  console.log(
    `payout API, ${N} lines: product ${product.toFixed(0)} ms (${sent} pending), raw ${rawBefore.toFixed(0)} / ${rawAfter.toFixed(0)} ms (mean ${raw.toFixed(0)}), ratio ${(product / raw).toFixed(2)}× (target ≤ 1.5×)`,
  );

  // 2. Bank file.
  const fileBatch = await batch('bank_file', N);
  const dir = tmpdir();
  const productFile = await timed(async () => {
    const file = await takeBankFile(app, { id: null, role: 'system', requestId: null }, fileBatch);
    await writeFile(path.join(dir, file.name), file.content);
  });
  const rawFile = await timed(async () => {
    const rows = (
      await run(
        `select l.redemption_id, k.account_cipher, l.amount_paise, k.account_holder, k.ifsc, k.bank_name
        from payout_lines l join redemptions r on r.id = l.redemption_id join kyc_submissions k on k.id = r.kyc_id
        where l.batch_id = $1 order by l.id`,
        [fileBatch],
      )
    ).rows;
    const text = rows
      .map(
        (r) =>
          `${r.redemption_id},${decryptText(config, String(r.account_cipher))},${Number(r.amount_paise) / 100},${r.account_holder},${r.ifsc},${r.bank_name}\r\n`,
      )
      .join('');
    await writeFile(path.join(dir, `raw-${process.pid}.csv`), text);
  });
  console.log(
    `bank file, ${N} lines: product ${productFile.toFixed(0)} ms, raw CSV ${rawFile.toFixed(0)} ms, ratio ${(productFile / rawFile).toFixed(2)}× (target ≤ 2×)`,
  );
} finally {
  await database.close();
  await standIn.close();
  await withAdmin(`drop database ${name} with (force)`);
}

/** Payout requests as RazorpayX takes them, 16 in flight, without any database. */
async function sendRaw(count: number, prefix: string) {
  const auth = `Basic ${Buffer.from(`${standIn.env.RAZORPAYX_KEY_ID}:${standIn.env.RAZORPAYX_KEY_SECRET}`).toString('base64')}`;
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`${standIn.url}/payouts`, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/json',
            'X-Payout-Idempotency': `${prefix}-${i}`,
          },
          body: JSON.stringify({
            account_number: standIn.env.RAZORPAYX_ACCOUNT_NUMBER,
            amount: 25000,
            currency: 'INR',
            mode: 'IMPS',
            purpose: 'payout',
            fund_account: {
              account_type: 'bank_account',
              bank_account: {
                name: `Member ${i}`,
                ifsc: 'SBIN0001234',
                account_number: accounts[i % MEMBERS],
              },
              contact: { name: `Member ${i}`, reference_id: `M${i}`, type: 'customer' },
            },
            queue_if_low_balance: true,
            reference_id: `${prefix}-${payoutKeyOf(i)}`,
            narration: `Loyalty redemption ${i}`,
          }),
        });
        await res.json();
      }
    }),
  );
}
