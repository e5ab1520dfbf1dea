import { todayInIndia } from '@app/contract/format';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember } from '../members/members.test-kit';
import { balanceOf, insertReward, redeem, redeemer, sqlRows } from './redemptions.test-kit';

/**
 * Money past 2³¹ paise: the largest values the inputs allow are stored, paid,
 * listed and reported; nothing answers 500. In a file of its own: it changes the point value.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const setPointValue = (paisePerPoint: number) =>
  t.as('almond team', {
    method: 'POST',
    url: '/api/admin/point-value/settings',
    payload: { paisePerPoint, effectiveFrom: todayInIndia() },
  });

describe('redemption money beyond 2³¹ paise', () => {
  it('a 1,000,000-point reward × 100 at the default point value (₹2.5 crore)', async () => {
    const m = await redeemer(t, { balance: 100_000_000 });
    const gift = await insertReward(t, { pointsCost: 1_000_000, stock: 100, mrpPaise: 100_000_000 });
    const res = await redeem(t, m.token, { kind: 'gift', rewardId: gift, quantity: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      points: 100_000_000,
      valuePaise: 2_500_000_000,
      tdsPaise: 250_000_000,
      netPaise: 2_500_000_000,
    });
    expect(await balanceOf(t, m.id)).toBe(0);
    const rejected = await t.as('finance', {
      method: 'POST',
      url: `/api/admin/redemptions/${res.json().id}/reject`,
      payload: { reason: 'Too large' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balanceOf(t, m.id)).toBe(100_000_000);
  });

  it('cash of 300,000 points at 10,000 paise a point, and the largest cash the inputs allow: paid, listed, reported', async () => {
    const set = await setPointValue(10_000);
    expect(set.statusCode, set.body).toBe(200);
    const m = await redeemer(t, { balance: 10_300_000 });
    const res = await redeem(t, m.token, { kind: 'cash', points: 300_000, payout: 'bank' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ valuePaise: 3_000_000_000, tdsPaise: 300_000_000, netPaise: 2_700_000_000 });
    const largest = await redeem(t, m.token, { kind: 'cash', points: 10_000_000, payout: 'bank' });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json()).toMatchObject({ valuePaise: 100_000_000_000, tdsPaise: 10_000_000_000 });

    await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${r.id}/approve` });
    const paid = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${r.id}/paid`,
      payload: { utr: 'BIGMONEY0001' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', netPaise: 2_700_000_000 });
    const [stored] = await sqlRows(t, 'select value_paise, net_paise from redemptions where id = $1', [r.id]);
    expect(stored).toEqual({ value_paise: 3_000_000_000, net_paise: 2_700_000_000 });

    const list = await t.as('finance', {
      url: `/api/admin/redemptions?filter=${encodeURIComponent(JSON.stringify({ memberId: m.id }))}&sort=valuePaise&order=DESC`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((x: { valuePaise: number }) => x.valuePaise)).toEqual([
      100_000_000_000, 3_000_000_000,
    ]);
    const mine = await asMember(t, m.token, { method: 'GET', url: '/api/app/redemptions' });
    expect(mine.json()[1]).toMatchObject({ netPaise: 2_700_000_000 });
    const dash = await t.as('finance', { method: 'GET', url: '/api/admin/dashboard' });
    expect(dash.statusCode, dash.body).toBe(200);
    for (const reportType of ['redemptions', 'tds_statement']) {
      const report = await t.as('finance', {
        method: 'POST',
        url: '/api/admin/downloadReports',
        payload: { reportType, startDate: '2020-04-01', endDate: '2099-03-31' },
      });
      expect(report.statusCode, report.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
      const values: unknown[] = [];
      wb.worksheets[0]!.eachRow((row) => row.eachCell((c) => values.push(c.value)));
      expect(values, reportType).toContain(reportType === 'redemptions' ? 30_000_000 : 1_030_000_000);
    }
  });
});
