import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { balanceOf, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { pollPayouts } from './payout-sender';
import { type RazorpayxStandIn, startRazorpayxStandIn } from './razorpayx-stand-in.test-kit';

let x: RazorpayxStandIn;
let t: TestApp;
beforeAll(async () => {
  x = await startRazorpayxStandIn();
  t = await createTestApp({ env: { ...x.env, PAYOUTS_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await t?.close();
  await x?.close();
});

const POINTS = 10_000;

/** An approved cash redemption (approved by hod, so finance prepares and almond team releases). */
async function approvedCash(payout: 'bank' | 'upi' = 'bank') {
  const m = await redeemer(t, { balance: POINTS });
  const res = await redeem(t, m.token, { kind: 'cash', points: POINTS, payout });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  const ok = await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
  expect(ok.statusCode, ok.body).toBe(200);
  return { id, memberId: m.id };
}

const prepare = (ids: number[], role = 'finance') =>
  t.as(role, { method: 'POST', url: '/api/admin/payout-batches', payload: { rail: 'api', ids } });
const release = (batchId: number, role = 'almond team') =>
  t.as(role, { method: 'POST', url: `/api/admin/payout-batches/${batchId}/release` });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const linesOf = (batchId: number) =>
  sqlRows(t, 'select * from payout_lines where batch_id = $1 order by id', [batchId]);
const redemption = async (id: number) =>
  (await sqlRows(t, 'select * from redemptions where id = $1', [id]))[0]!;
const refunds = async (id: number) =>
  Number(
    (
      await sqlRows(
        t,
        "select count(*)::int as n from points_ledger where kind = 'redemption_refund' and reference = $1",
        [`redemption:${id}`],
      )
    )[0]!.n,
  );
const webhook = (body: string, signature: string, eventId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payouts/webhooks/razorpayx',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    payload: body,
  });

describe('payout batches through RazorpayX (stand-in)', () => {
  it('a role without the actions is refused; the maker cannot release; nor can the approver', async () => {
    const a = await approvedCash();
    expect((await prepare([a.id], 'marketing')).statusCode).toBe(403);
    const made = await prepare([a.id]);
    expect(made.statusCode, made.body).toBe(200);
    const batchId = made.json().id as number;
    expect((await release(batchId, 'marketing')).statusCode).toBe(403);
    expect((await release(batchId, 'finance')).json()).toMatchObject({ error: 'maker_checker' });
    expect((await release(batchId, 'hod')).json()).toMatchObject({ error: 'maker_checker' });
    // Already in a batch: not twice, and not marked paid by hand.
    expect((await prepare([a.id])).statusCode).toBe(400);
    const byHand = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${a.id}/paid`,
      payload: { utr: 'HAND0000001' },
    });
    expect(byHand.json()).toMatchObject({ error: 'in_payout_batch' });
    const cancelled = await t.as('finance', {
      method: 'POST',
      url: `/api/admin/payout-batches/${batchId}/cancel`,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', lines: 0 });
    expect((await sqlRows(t, 'select * from audit_log where entity = $1', ['payout_batch'])).length).toBe(2);
  });

  it('pays a batch: processed by webhook and by poll, one failed and refunded once, replays and forgeries change nothing', async () => {
    const [a, b, c] = [await approvedCash(), await approvedCash(), await approvedCash('upi')];
    const made = await prepare([a.id, b.id, c.id]);
    const batchId = made.json().id as number;
    const released = await release(batchId);
    expect(released.statusCode, released.body).toBe(200);
    const lines = await until(
      () => linesOf(batchId),
      (rows) => rows.every((l) => l.status === 'pending'),
      'the payouts to be sent',
    );
    for (const line of lines) expect(x.created(String(line.idempotency_key))).toBe(1);
    const first = x.payouts.get(String(lines[0]!.provider_payout_id))!;
    expect(first).toMatchObject({ amount: 250_000, mode: 'IMPS', reference_id: `redemption-${a.id}` });
    expect(first.fund_account).toMatchObject({
      account_type: 'bank_account',
      bank_account: { account_number: '123456789012', ifsc: 'SBIN0001234' },
    });
    expect(x.payouts.get(String(lines[2]!.provider_payout_id))).toMatchObject({ mode: 'UPI' });

    // Processed by webhook: paid with the UTR, paid by the releaser.
    const processed = x.settle(String(lines[0]!.provider_payout_id), 'processed');
    const forged = await webhook(processed.body, '0'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect((await redemption(a.id)).status).toBe('approved');
    expect((await webhook(processed.body, processed.signature, 'evt_1')).json()).toEqual({ applied: true });
    const paid = await redemption(a.id);
    expect(paid).toMatchObject({
      status: 'paid',
      utr: x.payouts.get(String(lines[0]!.provider_payout_id))!.utr,
    });
    expect(paid.paid_by).not.toBeNull();

    // Failed: the points come back once, whatever the replays.
    const failed = x.settle(String(lines[1]!.provider_payout_id), 'failed');
    expect((await webhook(failed.body, failed.signature, 'evt_2')).json()).toEqual({ applied: true });
    expect((await webhook(failed.body, failed.signature, 'evt_2')).json()).toEqual({ applied: false });
    expect((await webhook(failed.body, failed.signature, 'evt_3')).json()).toEqual({ applied: false });
    // A tampered body under the old signature is refused.
    const tampered = failed.body.replace('"failed"', '"processed"');
    expect((await webhook(tampered, failed.signature, 'evt_4')).statusCode).toBe(401);
    expect(await redemption(b.id)).toMatchObject({ status: 'failed', reason: 'Invalid IFSC code' });
    expect(await balanceOf(t, b.memberId)).toBe(POINTS);
    expect(await refunds(b.id)).toBe(1);

    // The third never gets a webhook: the poll asks for it.
    x.settle(String(lines[2]!.provider_payout_id), 'processed');
    expect(await pollPayouts(t.app)).toMatchObject({ settled: 1 });
    expect((await redemption(c.id)).status).toBe('paid');
    const detail = await t.as('finance', { method: 'GET', url: `/api/admin/payout-batches/${batchId}` });
    expect(detail.json()).toMatchObject({ status: 'completed', processed: 2, failed: 1, pending: 0 });

    // A reversal after processed: failed, refunded once.
    const reversed = x.settle(String(lines[0]!.provider_payout_id), 'reversed');
    expect((await webhook(reversed.body, reversed.signature, 'evt_5')).json()).toEqual({ applied: true });
    expect((await webhook(reversed.body, reversed.signature, 'evt_6')).json()).toEqual({ applied: false });
    expect((await redemption(a.id)).status).toBe('failed');
    expect(await balanceOf(t, a.memberId)).toBe(POINTS);
    expect(await refunds(a.id)).toBe(1);
  });

  it('a batch killed between "sent" and "recorded" resumes without a second payout', async () => {
    const [a, b] = [await approvedCash(), await approvedCash()];
    const batchId = (await prepare([a.id, b.id])).json().id as number;
    // The provider makes both payouts but its answers are lost: the task fails and is retried.
    x.loseAnswers(2);
    expect((await release(batchId)).statusCode).toBe(200);
    const lines = await until(
      () => linesOf(batchId),
      (rows) => rows.every((l) => l.status === 'pending'),
      'the retried send',
    );
    for (const line of lines) {
      expect(x.requests(String(line.idempotency_key))).toBeGreaterThanOrEqual(2);
      expect(x.created(String(line.idempotency_key))).toBe(1);
    }
    // Killed after sending, before recording (the line is left `sending`): the poll resends it.
    await t.database.executeSql(
      "update payout_lines set status = 'sending', provider_payout_id = null where id = $1",
      [lines[0]!.id],
    );
    const before = x.requests(String(lines[0]!.idempotency_key));
    expect(await pollPayouts(t.app)).toMatchObject({ resent: 1 });
    const [again] = await linesOf(batchId);
    expect(again).toMatchObject({ status: 'pending', provider_payout_id: lines[0]!.provider_payout_id });
    expect(x.requests(String(lines[0]!.idempotency_key))).toBe(before + 1);
    expect(x.created(String(lines[0]!.idempotency_key))).toBe(1);
    expect(x.payouts.size).toBe(new Set([...x.payouts.values()].map((p) => p.reference_id)).size);
  });

  it('a failed payout gives the TDS back once: the member’s other open redemption is recomputed', async () => {
    const m = await redeemer(t, { balance: 82_000 });
    const big = (await redeem(t, m.token, { kind: 'cash', points: 80_000, payout: 'bank' })).json();
    const small = (await redeem(t, m.token, { kind: 'cash', points: 2_000, payout: 'bank' })).json();
    // ₹20,000 then ₹500: the year passes ₹20,000 with the second, which bears TDS.
    expect(small.tdsPaise).toBeGreaterThan(0);
    await t.as('hod', { method: 'POST', url: `/api/admin/redemptions/${big.id}/approve` });
    const batchId = (await prepare([big.id])).json().id as number;
    expect((await release(batchId)).statusCode).toBe(200);
    const [line] = await until(
      () => linesOf(batchId),
      (rows) => rows[0]?.status === 'pending',
      'the payout to be sent',
    );
    const failed = x.settle(String(line!.provider_payout_id), 'failed');
    expect((await webhook(failed.body, failed.signature, 'evt_tds_1')).json()).toEqual({ applied: true });
    expect((await webhook(failed.body, failed.signature, 'evt_tds_2')).json()).toEqual({ applied: false });
    expect(await redemption(small.id)).toMatchObject({ tds_paise: 0, net_paise: small.valuePaise });
    expect(await refunds(big.id)).toBe(1);
    expect(await balanceOf(t, m.id)).toBe(80_000);
    const recomputed = await sqlRows(
      t,
      "select count(*)::int as n from audit_log where action = 'redemption.tds_recomputed' and entity_id = $1",
      [String(small.id)],
    );
    expect(recomputed[0]!.n).toBe(1);
  });
});
