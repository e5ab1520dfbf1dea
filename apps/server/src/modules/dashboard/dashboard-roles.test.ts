import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Card = {
  key: string;
  value: number;
  unit: string;
  page: string;
  link?: string;
  filter?: Record<string, unknown>;
};

/** The list API behind each page (or view) a card opens. */
const LIST_OF: Record<string, string> = {
  '/dashboard/approvals/courier_redemption': '/api/admin/courier-redemptions',
  '/dashboard/notifications': '/api/admin/notifications',
  '/dashboard/media/banner': '/api/admin/content/banners',
  '/dashboard/media/event': '/api/admin/content/events',
  '/dashboard/products/catalogue': '/api/admin/products',
  '/dashboard/products/catalogue/rewards': '/api/admin/rewards',
  '/dashboard/scheme': '/api/admin/schemes',
  '/dashboard/coupon-stock-report': '/api/admin/coupon-stock',
  '/dashboard/QrScanHistories': '/api/admin/coupon-scans',
  '/dashboard/manageadmin/sign-ins': '/api/admin/sign-ins',
};

const cardsOf = async (role: string) => {
  const res = await t.as(role, { method: 'GET', url: '/api/admin/dashboard' });
  expect(res.statusCode).toBe(200);
  return res.json().cards as Card[];
};

const listed = async (role: string, card: Card) => {
  const path = LIST_OF[card.link ?? card.page];
  if (!path) throw new Error(`no list known for ${card.link ?? card.page}`);
  const filter = encodeURIComponent(JSON.stringify(card.filter ?? {}));
  const res = await t.as(role, { method: 'GET', url: `${path}?filter=${filter}&perPage=100` });
  expect(res.statusCode, `${card.key}: ${res.body}`).toBe(200);
  return res.json() as { total: number; rows: Record<string, unknown>[] };
};

/** Super admin's points pages that each contribute cards of their own. */
const POINTS_PAGES = [
  '/dashboard/referral',
  '/dashboard/joiningpoints',
  '/dashboard/gamespoints',
  '/dashboard/updateSchemePoints',
];

describe('a dashboard for every role that has one', () => {
  it('courier: dispatch queue, in transit, returned, dispatched in range; each card lists exactly its count', async () => {
    const cards = await cardsOf('courier');
    expect(cards.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'courier.queue',
        'courier.inTransit',
        'courier.returned',
        'courier.dispatchedInRange',
      ]),
    );
    expect(cards.every((c) => c.page === '/dashboard/approvals/courier_redemption')).toBe(true);
    for (const card of cards) expect((await listed('courier', card)).total, card.key).toBe(card.value);
    expect(cards.find((c) => c.key === 'courier.queue')!.value).toBe(
      Number(
        (
          await t.database.executeSql(
            "select count(*) as n from redemptions where kind = 'gift' and status = 'approved'",
          )
        ).rows[0]!.n,
      ),
    );
  });

  it('marketing: notifications sent and read, banners live, events, the catalogue; every filter is its list’s', async () => {
    const cards = await cardsOf('marketing');
    expect(cards.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'notifications.sent',
        'notifications.read',
        'content.bannersLive',
        'content.eventsUpcoming',
        'catalogue.products',
        'catalogue.gifts',
      ]),
    );
    for (const card of cards) {
      const list = await listed('marketing', card);
      if (
        [
          'notifications.sent',
          'notifications.scheduled',
          'content.bannersLive',
          'content.eventsUpcoming',
        ].includes(card.key)
      )
        expect(list.total, card.key).toBe(card.value);
      if (card.key.startsWith('catalogue.')) expect(list.total, card.key).toBe(card.value);
    }
  });

  it('super admin: schemes, points issued and liability, without the ledger cards it cannot open', async () => {
    const cards = await cardsOf('super admin');
    const keys = cards.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'schemes.active',
        'schemes.awaitingApproval',
        'points.issued',
        'points.liability',
      ]),
    );
    // Apart from the cards of its points pages (their own test below), super admin's cards are the Scheme page's.
    expect(
      cards.filter((c) => !POINTS_PAGES.includes(c.page)).every((c) => c.page === '/dashboard/scheme'),
    ).toBe(true);
    for (const card of cards.filter((c) => c.filter))
      expect((await listed('super admin', card)).total, card.key).toBe(card.value);
    // A holder of both pages sees each figure once, the ledger's (with its filter).
    const almond = await cardsOf('almond team');
    const issued = almond.filter((c) => c.key === 'points.issued');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.page).toBe('/dashboard/QrPointHistories');
    expect(issued[0]!.value).toBe(cards.find((c) => c.key === 'points.issued')!.value);
  });

  it('scans today and the coupon states open their lists filtered to the same figure', async () => {
    const cards = await cardsOf('almond team');
    const today = cards.find((c) => c.key === 'scans.today')!;
    expect(today.filter).toMatchObject({ result: 'success' });
    expect(today.filter).toHaveProperty('from');
    expect(today.filter).toHaveProperty('to');
    expect((await listed('almond team', today)).total).toBe(today.value);
    for (const card of cards.filter((c) => c.key.startsWith('coupons.'))) {
      const state = card.filter?.state as string;
      expect(state, card.key).toBeTruthy();
      const { rows } = await listed('almond team', card);
      const sum = rows.reduce((n, r) => n + Number((r.counts as Record<string, number>)[state]), 0);
      expect(sum, card.key).toBe(card.value);
      expect(
        rows.every((r) => (r.counts as Record<string, number>)[state]! > 0),
        card.key,
      ).toBe(true);
    }
  });

  it('the sign-in cards open the sign-in activity, filtered to the same attempts', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'cs@demo.local', password: 'bad-pass' },
    });
    const cards = await cardsOf('almond team');
    for (const key of ['staff.signIns', 'staff.failedSignIns']) {
      const card = cards.find((c) => c.key === key)!;
      expect(card.link).toBe('/dashboard/manageadmin/sign-ins');
      const list = await listed('almond team', card);
      expect(list.total, key).toBe(card.value);
    }
    const failed = await listed('almond team', cards.find((c) => c.key === 'staff.failedSignIns')!);
    expect(failed.rows.some((r) => r.email === 'cs@demo.local' && r.outcome === 'bad_credentials')).toBe(
      true,
    );
    // Only holders of Manage Admin read it.
    expect((await t.as('marketing', { method: 'GET', url: '/api/admin/sign-ins' })).statusCode).toBe(403);
  });
  it('super admin has a card for Referral, Joining, Games and Update Scheme Points; finance and courier get none', async () => {
    const res = await t.as('super admin', { method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(200);
    const { from, to, cards } = res.json() as { from: string; to: string; cards: Card[] };
    for (const page of POINTS_PAGES)
      expect(
        cards.some((c) => c.page === page),
        page,
      ).toBe(true);
    expect(cards.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'referral.creditsInRange',
        'referral.pointsInRange',
        'joining.creditsInRange',
        'joining.pointsInRange',
        'games.playsInRange',
        'games.pointsWonInRange',
        'schemePoints.changesInRange',
        'schemePoints.skusInRange',
      ]),
    );
    // The figures are those of the range's IST days.
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const within = (column: string) =>
      `${column} >= '${from}'::timestamp at time zone 'Asia/Kolkata' and ${column} < ('${to}'::date + 1)::timestamp at time zone 'Asia/Kolkata'`;
    const one = async (query: string) => Number((await t.database.executeSql(query)).rows[0]!.n);
    const value = (key: string) => cards.find((c) => c.key === key)!.value;
    expect(value('referral.pointsInRange')).toBe(
      await one(
        `select coalesce(sum(amount), 0) as n from points_ledger where kind = 'referral' and ${within('created_at')}`,
      ),
    );
    expect(value('joining.creditsInRange')).toBe(
      await one(`select count(*) as n from points_ledger where kind = 'joining' and ${within('created_at')}`),
    );
    expect(value('games.playsInRange')).toBe(
      await one(`select count(*) as n from game_plays where ${within('played_at')}`),
    );
    expect(value('schemePoints.changesInRange')).toBe(
      await one(`select count(*) as n from product_points where ${within('created_at')}`),
    );
    for (const role of ['finance', 'courier']) {
      const theirs = await cardsOf(role);
      expect(
        theirs.filter((c) => POINTS_PAGES.includes(c.page)).map((c) => c.key),
        role,
      ).toEqual([]);
    }
  });
});
