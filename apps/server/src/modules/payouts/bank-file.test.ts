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
  it('produces its file once, and the reverse file pays, fails and refunds each line once', async () => {
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
    const again = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/payout-batches/${batchId}/bank-file`,
    });
    expect(again.statusCode).toBe(409);
    const audits = await sqlRows(
      t,
      "select after from audit_log where action = 'payout_batch.bank_file_downloaded'",
    );
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('123456789012');

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
