import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { balanceOf, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { enetFile, enetFileName } from './hdfc-enet';

const FIXTURE = new URL('./fixtures/hdfc-enet-vendor-payments.txt', import.meta.url);

describe('the HDFC ENet vendor payments file', () => {
  it('is byte for byte the fixture written from the published layout (NEFT below ₹2 lakh, RTGS from it)', () => {
    const file = enetFile(
      [
        {
          redemptionId: 101,
          accountNumber: '50100012345678',
          amountPaise: 250_000,
          name: 'Ramesh Kumar',
          ifsc: 'hdfc0000123',
          bankName: 'HDFC Bank',
        },
        {
          redemptionId: 102,
          accountNumber: '000123456789',
          amountPaise: 25_000_000,
          name: "O'Brien, S. & Sons",
          ifsc: 'SBIN0001234',
          bankName: 'State Bank of India',
        },
        {
          redemptionId: 103,
          accountNumber: '123456789012',
          amountPaise: 19_999_999,
          name: 'Priya  Sharma',
          ifsc: 'ICIC0000001',
          bankName: 'ICICI Bank',
        },
      ],
      '25/11/2026',
    );
    expect(Buffer.from(file, 'ascii').equals(readFileSync(FIXTURE))).toBe(true);
    expect(enetFileName('ACME', new Date('2026-11-25T20:00:00Z'), 7)).toBe('ACME2611.007');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { HDFC_ENET_CLIENT_CODE: 'ACME' } });
});
afterAll(() => t?.close());

async function approvedBankCash(points = 10_000) {
  const m = await redeemer(t, { balance: points });
  const res = await redeem(t, m.token, { kind: 'cash', points, payout: 'bank' });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
  return { id, memberId: m.id };
}

const upload = (batchId: number, text: string, role = 'cs') =>
  t.as(role, {
    method: 'POST',
    url: `/api/admin/payout-batches/${batchId}/bank-response`,
    headers: { 'content-type': 'text/csv' },
    payload: text,
  });

describe('a bank-file batch', () => {
  it('produces its file, and the reverse file pays, fails and refunds each line once', async () => {
    const [a, b] = [await approvedBankCash(), await approvedBankCash()];
    const made = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'bank_file', ids: [a.id, b.id] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const batchId = made.json().id as number;
    const early = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/payout-batches/${batchId}/bank-file`,
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await t.as('almond team', { method: 'POST', url: `/api/admin/payout-batches/${batchId}/release` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.as('marketing', { method: 'GET', url: `/api/admin/payout-batches/${batchId}/bank-file` }))
        .statusCode,
    ).toBe(403);

    const file = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/payout-batches/${batchId}/bank-file`,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('ACME');
    expect(file.headers['cache-control']).toContain('no-store');
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^N,,123456789012,2500\\.00,Test Member,(,){8}RDM${a.id},`));
    expect(file.headers['x-file-copy']).toBe('1');
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'payout_batch.bank_file_downloaded' and entity_id = $1",
      [String(batchId)],
    );
    expect(audits).toEqual([{ after: { format: 'HDFC ENet vendor payments', copy: 1 } }]);
    expect(JSON.stringify(audits)).not.toContain('123456789012');
    // Kept sealed: no account number in the clear in the batch row.
    const [kept] = await sqlRows(t, 'select file_sealed from payout_batches where id = $1', [batchId]);
    expect(JSON.stringify(kept)).not.toContain('123456789012');

    const reverse = [
      `RDM${a.id},Test Member,123456789012,SBIN0001234,10,2500.00,20261125,HDFCN52026112512345,E,`,
      `RDM${b.id},Test Member,123456789012,SBIN0001234,10,2500.00,20261125,,R,Account closed`,
      `RDM999999,Nobody,1,SBIN0001234,10,1.00,20261125,X,E,`,
    ].join('\r\n');
    const result = await upload(batchId, reverse);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ rows: 3, processed: 1, failed: 1, unchanged: 0 });
    expect(result.json().errors).toEqual([
      { row: 3, message: `Reference RDM999999 is not a line of batch ${batchId}` },
    ]);
    const [paid] = await sqlRows(t, 'select status, utr from redemptions where id = $1', [a.id]);
    expect(paid).toEqual({ status: 'paid', utr: 'HDFCN52026112512345' });
    const [failed] = await sqlRows(t, 'select status, reason from redemptions where id = $1', [b.id]);
    expect(failed).toEqual({ status: 'failed', reason: 'Account closed' });
    expect(await balanceOf(t, b.memberId)).toBe(10_000);

    // The same file again changes nothing.
    expect((await upload(batchId, reverse)).json()).toMatchObject({ processed: 0, failed: 0, unchanged: 2 });
    // As the web sends it (Payouts tab → Upload bank response): the file's text as a JSON string.
    const asJson = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/payout-batches/${batchId}/bank-response`,
      payload: JSON.stringify(reverse),
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.statusCode, asJson.body).toBe(200);
    expect(asJson.json()).toMatchObject({ processed: 0, failed: 0, unchanged: 2 });
    expect(await balanceOf(t, b.memberId)).toBe(10_000);
    const [{ n }] = (await sqlRows(
      t,
      "select count(*)::int as n from points_ledger where kind = 'redemption_refund' and reference = $1",
      [`redemption:${b.id}`],
    )) as [{ n: number }];
    expect(n).toBe(1);
    const detail = await t.as('finance', { method: 'GET', url: `/api/admin/payout-batches/${batchId}` });
    expect(detail.json()).toMatchObject({ status: 'completed', processed: 1, failed: 1 });
  });
});

describe('a bank file lost on the way', () => {
  it('is taken again by the releasing roles: the same bytes, copy 2, each copy audited', async () => {
    const [a, b] = [await approvedBankCash(), await approvedBankCash()];
    const made = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'bank_file', ids: [a.id, b.id] },
    });
    const batchId = made.json().id as number;
    await t.as('almond team', { method: 'POST', url: `/api/admin/payout-batches/${batchId}/release` });
    const take = (role: string) =>
      t.as(role, { method: 'GET', url: `/api/admin/payout-batches/${batchId}/bank-file` });

    // The first download never reaches its taker (a dropped connection, a stopped server).
    const lost = await take('almond team');
    expect(lost.statusCode, lost.body).toBe(200);
    // Taken again, by another releasing role: the same file, not a new one.
    const second = await take('finance');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.rawPayload.equals(lost.rawPayload)).toBe(true);
    expect(second.headers['content-disposition']).toBe(lost.headers['content-disposition']);
    expect([lost.headers['x-file-copy'], second.headers['x-file-copy']]).toEqual(['1', '2']);
    expect((await take('almond team')).headers['x-file-copy']).toBe('3');

    const audits = await sqlRows(
      t,
      `select after->>'copy' as copy from audit_log
       where action = 'payout_batch.bank_file_downloaded' and entity_id = $1 order by id`,
      [String(batchId)],
    );
    expect(audits.map((row) => (row as { copy: string }).copy)).toEqual(['1', '2', '3']);
    expect((await take('marketing')).statusCode).toBe(403);
    // Its lines still wait for the bank's reverse file.
    const lines = await sqlRows(t, 'select status from payout_lines where batch_id = $1', [batchId]);
    expect(lines).toEqual([{ status: 'queued' }, { status: 'queued' }]);
  });

  it('is produced once when two first takes meet', async () => {
    const a = await approvedBankCash();
    const made = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/payout-batches',
      payload: { rail: 'bank_file', ids: [a.id] },
    });
    const batchId = made.json().id as number;
    await t.as('almond team', { method: 'POST', url: `/api/admin/payout-batches/${batchId}/release` });
    const url = `/api/admin/payout-batches/${batchId}/bank-file`;
    const both = await Promise.all([
      t.as('almond team', { method: 'GET', url }),
      t.as('finance', { method: 'GET', url }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.body).toBe(both[1]!.body);
    expect(both.map((r) => r.headers['x-file-copy']).sort()).toEqual(['1', '2']);
  });
});
