import { COUPON_STATE_LABELS, COUPON_STATUSES } from '@app/contract/coupons';
import type { DashboardCard } from '@app/contract/dashboard';
import { shiftDay, todayInIndia } from '@app/contract/format';
import { EARNED_KINDS } from '@app/contract/ledger';
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

  it('counts earned credits as issued and the holds that stand as redeemed: they reconcile with outstanding', async () => {
    const one = async (query: string) => Number((await t.database.executeSql(query)).rows[0]!.n);
    // The demo has rejected and cancelled redemptions (refunded) and manual adjustments.
    expect(
      await one("select count(*) as n from points_ledger where kind = 'redemption_refund'"),
    ).toBeGreaterThan(0);
    expect(await one("select count(*) as n from points_ledger where kind = 'adjustment'")).toBeGreaterThan(0);
    const first = (
      await t.database.executeSql(
        "select to_char(min(created_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as d from points_ledger",
      )
    ).rows[0]!.d as string;
    // The demo's history spans more than the longest range: the cards of consecutive ranges add up.
    const sums = { issued: 0, redeemed: 0, adjusted: 0 };
    let cards: DashboardCard[] = [];
    for (let from = first; from <= todayInIndia(); from = shiftDay(from, 366)) {
      const to = [shiftDay(from, 365), todayInIndia()].sort()[0]!;
      cards = (await dashboard(`?from=${from}&to=${to}`)).cards;
      for (const key of Object.keys(sums) as (keyof typeof sums)[])
        sums[key] += card(cards, `points.${key}`).value;
    }
    const { issued, redeemed, adjusted } = sums;
    const kinds = EARNED_KINDS.map((k) => `'${k}'`).join(', ');
    expect(issued).toBe(await one(`select sum(amount) as n from points_ledger where kind in (${kinds})`));
    expect(redeemed).toBe(
      await one(
        "select -sum(amount) as n from points_ledger where kind in ('redemption_hold', 'redemption_refund')",
      ),
    );
    const outstanding = card(cards, 'points.outstanding').value;
    expect(outstanding).toBe(await one('select sum(balance) as n from members'));
    expect(issued - redeemed + adjusted).toBe(outstanding);

    // Each card's link lists the entries the card summed (here over the whole history: no range).
    const movementOf = (key: string) => ({ movement: card(cards, key).filter!.movement });
    const entries = async (filter: object) =>
      (
        await t.as('admin', {
          url: `/api/admin/ledger?perPage=1&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        })
      ).json().total as number;
    expect(await entries(movementOf('points.redeemed'))).toBe(
      await one(`select count(*) as n from points_ledger h where kind = 'redemption_hold' and not exists
        (select 1 from points_ledger r where r.kind = 'redemption_refund' and r.reference = h.reference)`),
    );
    expect(await entries(movementOf('points.issued'))).toBe(
      await one(`select count(*) as n from points_ledger where kind in (${kinds})`),
    );
    const bad = await t.as('admin', {
      url: `/api/admin/ledger?filter=${encodeURIComponent('{"movement":"x"}')}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['filter.movement']);
  });
});
