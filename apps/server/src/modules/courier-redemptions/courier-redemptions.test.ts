import { DISPATCH_UPLOAD_COLUMNS, DISPATCH_MESSAGES as M } from '@app/contract/courier-redemptions';
import { shiftDay, todayInIndia } from '@app/contract/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { balanceOf, insertReward, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An approved gift redemption of a fresh member (balance 1000, the gift costs 500). */
async function approvedGift() {
  const rewardId = await insertReward(t);
  const m = await redeemer(t, { balance: 1000 });
  const res = await redeem(t, m.token, { kind: 'gift', rewardId, quantity: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  expect(
    (await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` })).statusCode,
  ).toBe(200);
  return { id, memberId: m.id };
}
const post = (role: string, url: string, payload: object) =>
  t.as(role, { method: 'POST', url: `/api/admin/courier-redemptions/${url}`, payload });
const today = todayInIndia();
const dmy = (day: string) => day.split('-').reverse().join('/');

describe('Courier Redemption', () => {
  it('the courier role dispatches, delivers; a wrong state answers 409; roles without the action get 403', async () => {
    const { id } = await approvedGift();
    const body = { courierCompany: 'Blue Dart', awb: 'BD1234567', dispatchedOn: today };
    expect((await post('marketing', `${id}/dispatch`, body)).statusCode).toBe(403);
    expect((await post('courier', `${id}/delivered`, { deliveredOn: today })).statusCode).toBe(409);
    const sent = await post('courier', `${id}/dispatch`, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'dispatched',
      courierCompany: 'Blue Dart',
      awb: 'BD1234567',
    });
    expect((await post('courier', `${id}/dispatch`, body)).statusCode).toBe(409);
    const done = await post('courier', `${id}/delivered`, { deliveredOn: today });
    expect(done.json()).toMatchObject({ status: 'delivered', deliveredOn: today });
    const audits = await sqlRows(
      t,
      "select action, actor_role from audit_log where entity = 'redemption' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(audits.slice(-2)).toEqual([
      { action: 'redemption.dispatched', actor_role: 'courier' },
      { action: 'redemption.delivered', actor_role: 'courier' },
    ]);
  });

  it('a returned gift gives the points back once', async () => {
    const { id, memberId } = await approvedGift();
    expect(await balanceOf(t, memberId)).toBe(500);
    await post('courier', `${id}/dispatch`, {
      courierCompany: 'DTDC',
      awb: 'DT99887766',
      dispatchedOn: today,
    });
    expect((await post('courier', `${id}/returned`, { reason: '' })).statusCode).toBe(400);
    expect((await post('courier', `${id}/returned`, { reason: 'Address not found' })).json()).toMatchObject({
      status: 'returned',
    });
    expect((await post('courier', `${id}/returned`, { reason: 'again' })).statusCode).toBe(409);
    expect(await balanceOf(t, memberId)).toBe(1000);
  });

  it('dispatch upload refuses a repeated redemption and bad cells by row, applies valid rows on request', async () => {
    const a = await approvedGift();
    const b = await approvedGift();
    const file = await sheet(
      [
        [a.id, 'Blue Dart', 'UPL-0001', dmy(today)], // row 2: repeated by row 4
        [b.id, 'Delhivery', 'UPL-0002', dmy(today)], // row 3: good
        [a.id, 'Blue Dart', 'UPL-0003', dmy(today)], // row 4
        [999_999, '', 'x', dmy(shiftDay(today, 2))], // row 5
      ],
      DISPATCH_UPLOAD_COLUMNS,
    );
    const upload = (query = '') =>
      t.as('courier', {
        method: 'POST',
        url: `/api/admin/courier-redemptions/upload${query}`,
        ...multipartBody('d.xlsx', file),
      });
    const first = (await upload()).json();
    expect(first).toMatchObject({ status: 'has_errors', rowsValid: 1, rowsApplied: 0 });
    expect(first.errors).toEqual([
      { row: 2, column: 'Redemption', message: M.repeated(4) },
      { row: 4, column: 'Redemption', message: M.repeated(2) },
      { row: 5, column: 'Redemption', message: M.redemptionUnknown },
      { row: 5, column: 'Courier company', message: M.courierRequired },
      { row: 5, column: 'AWB', message: M.awbFormat },
      { row: 5, column: 'Dispatch date', message: M.dateFuture },
    ]);
    const second = (await upload('?applyValid=true')).json();
    expect(second).toMatchObject({ status: 'partially_applied', rowsApplied: 1 });
    const [row] = await sqlRows(t, 'select status, awb from redemptions where id = $1', [b.id]);
    expect(row).toEqual({ status: 'dispatched', awb: 'UPL-0002' });

    // The manifest (the list's export) and the courier dispatch report, run by the courier role.
    const manifest = await t.as('courier', {
      url: `/api/admin/courier-redemptions/export?filter=${encodeURIComponent(JSON.stringify({ status: 'dispatched' }))}`,
    });
    expect(manifest.statusCode).toBe(200);
    expect((await readSheet(manifest.rawPayload)).some((r) => r.includes('UPL-0002'))).toBe(true);
    const report = await t.as('courier', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'courier_dispatch', startDate: today, endDate: today },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0]).toContain('AWB');
    expect(rows.some((r) => r.includes('UPL-0002'))).toBe(true);
  });
});
