import { COUPON_STATE_LABELS, COUPON_STATUSES } from '@app/contract/coupons';
import type { DashboardCard } from '@app/contract/dashboard';
import { todayInIndia } from '@app/contract/format';
import { DEFAULT_PAISE_PER_POINT } from '@app/contract/points-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dashboard = async (query = '', role = 'admin') =>
  (await t.as(role, { url: `/api/admin/dashboard${query}` })).json() as {
    from: string;
    to: string;
    cards: DashboardCard[];
  };
const card = (cards: DashboardCard[], key: string) => cards.find((c) => c.key === key)!;

describe('the dashboard agrees with the pages it summarises', () => {
  it('gives the same coupon counts by state as the summary and the stock, under the same names', async () => {
    // The demo has an expired printed batch: counted as expired everywhere, never as printed.
    const { cards } = await dashboard('', 'almond team');
    const summary = (await t.as('almond team', { url: '/api/admin/coupon-summary' })).json();
    const skus = (await t.as('almond team', { url: '/api/admin/coupon-stock/skus' })).json() as {
      counts: Record<string, number>;
    }[];
    expect(summary.totals.expired).toBeGreaterThan(0);
    for (const status of COUPON_STATUSES) {
      const c = card(cards, `coupons.${status}`);
      expect(c.value, status).toBe(summary.totals[status]);
      expect(c.value, status).toBe(skus.reduce((n, s) => n + s.counts[status]!, 0));
      expect(c.label).toBe(`Coupons ${COUPON_STATE_LABELS[status].toLowerCase()}`);
    }
  });

  it('values the liability of outstanding points at the programme setting', async () => {
    const outstanding = Number(
      (await t.database.executeSql('select coalesce(sum(balance), 0)::int as n from members')).rows[0]!.n,
    );
    expect(outstanding).toBeGreaterThan(0);
    expect(card((await dashboard()).cards, 'points.liability').value).toBe(
      outstanding * DEFAULT_PAISE_PER_POINT,
    );
    const set = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/point-value/settings',
      payload: { paisePerPoint: 40, effectiveFrom: todayInIndia() },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().find((r: { current: boolean }) => r.current)).toMatchObject({ paisePerPoint: 40 });
    expect(card((await dashboard()).cards, 'points.liability').value).toBe(outstanding * 40);
    const bad = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/point-value/settings',
      payload: { paisePerPoint: 0, effectiveFrom: todayInIndia() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('paisePerPoint');
    const audit = await t.database.executeSql(
      "select count(*)::int as n from audit_log where action = 'point_value_setting.added'",
    );
    expect(audit.rows[0]!.n).toBe(1);
    const refused = await t.as('cs', { url: '/api/admin/point-value/settings' });
    expect(refused.statusCode).toBe(403);
  });

  it('links range-bound cards with the range, so the page shows what the card counted', async () => {
    const { cards } = await dashboard('?from=2024-01-01&to=2024-01-31');
    const start = '2023-12-31T18:30:00.000Z';
    const end = '2024-01-31T18:30:00.000Z';
    expect(card(cards, 'scans.inRange').filter).toMatchObject({ from: start, to: end });
    expect(card(cards, 'scans.flagged').filter).toMatchObject({ from: start, to: end });
    expect(card(cards, 'points.issued').filter).toMatchObject({ from: '2024-01-01', to: '2024-01-31' });
    expect(card(cards, 'members.registered').filter).toEqual({
      registeredFrom: '2024-01-01',
      registeredTo: '2024-01-31',
    });
    // The linked list, with that filter, counts what the card counted.
    const q = encodeURIComponent(JSON.stringify(card(cards, 'scans.inRange').filter));
    const list = await t.as('admin', { url: `/api/admin/coupon-scans?filter=${q}` });
    expect(list.json().total).toBe(card(cards, 'scans.inRange').value);
  });
});
