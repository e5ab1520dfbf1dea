import { todayInIndia } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { moveCoupons } from '../coupons';
import { couponsKit, invoiceLine, printAndWait } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { readSheet } from '../invoices/invoices.test-kit';
import { activeScheme, schemeBody } from '../schemes/schemes.test-kit';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
let product: { id: number };
let batch: { id: number; firstSerial: number; lastSerial: number };
let invoiceId: number;
const get = (url: string, by = 'almond team') => t.as(by, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
  product = await kit.product(25);
  batch = await kit.batch(10, product.id);
  const s = batch.firstSerial;
  await printAndWait(t, { batchId: batch.id, fromSerial: s, toSerial: s + 5, layout: 'a4' }, 'almond team');
  const line = await invoiceLine(t, product.id, 5);
  invoiceId = Number(
    (await kit.sql('select invoice_id from invoice_lines where id = $1', [line]))[0]!.invoice_id,
  );
  await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/coupon-allocations',
      payload: { invoiceLineId: line, mode: 'range', fromSerial: s, toSerial: s + 3 },
    }),
  );
  const r = await kit.ok(
    await t.as('distribution', {
      method: 'POST',
      url: '/api/admin/damaged-coupons',
      payload: { mode: 'single', serial: s + 5, reason: 'torn' },
    }),
  );
  await kit.ok(
    await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/damaged-coupons/${r.id}/approve`,
      payload: {},
    }),
  );
  // A scan, as the member API records it.
  const [member] = await kit.sql('select id from members limit 1');
  await t.database.db.transaction((tx) =>
    moveCoupons(tx, { where: sql`serial = ${s}`, from: ['active'], to: 'scanned' }),
  );
  await kit.sql(
    "insert into coupon_scans (member_id, code, coupon_serial, batch_id, product_id, distributor_id, result, points) select $1, code, serial, batch_id, $2, (select distributor_id from invoices where id = $3), 'success', 25 from coupons where serial = $4",
    [member!.id, product.id, invoiceId, s],
  );
  const old = await kit.batch(3, product.id);
  await kit.sql("update coupon_batches set expires_on = '2020-01-01' where id = $1", [old.id]);
});
afterAll(() => t.close());

const counts = { generated: 4, printed: 1, active: 3, scanned: 1, damaged: 1, expired: 0 };

describe('coupon stock, summary and invoice-wise details', () => {
  it('shows stock per batch and per SKU with the liability of active codes; expired batches count as expired', async () => {
    const res = await get(
      `/api/admin/coupon-stock?filter=${kit.q({ productId: product.id })}&sort=id&order=ASC`,
      'distribution',
    );
    expect(res.statusCode).toBe(200);
    const [live, old] = res.json().rows;
    expect(live).toMatchObject({ id: batch.id, counts, liabilityPoints: 75, expired: false });
    expect(old).toMatchObject({ expired: true, counts: { generated: 0, expired: 3 }, liabilityPoints: 0 });
    const skus = (await get('/api/admin/coupon-stock/skus')).json();
    expect(skus.find((s: { productId: number }) => s.productId === product.id)).toMatchObject({
      batches: 2,
      counts: { ...counts, expired: 3 },
      liabilityPoints: 75,
    });
    const onlyExpired = await get(
      `/api/admin/coupon-stock?filter=${kit.q({ productId: product.id, expired: true })}`,
    );
    expect(onlyExpired.json().total).toBe(1);
  });

  it('values the liability at the points in force (Update Scheme Points), not the catalogue’s', async () => {
    const other = await kit.product(10);
    const b = await kit.batch(4, other.id);
    await t.database.db.transaction((tx) =>
      moveCoupons(tx, { where: sql`batch_id = ${b.id}`, from: ['generated'], to: 'active' }),
    );
    await kit.sql(
      "insert into product_points (product_id, points, effective_from, reason) values ($1, 12, now() - interval '1 day', 'test'), ($1, 99, now() + interval '1 day', 'later')",
      [other.id],
    );
    const [row] = (await get(`/api/admin/coupon-stock?filter=${kit.q({ productId: other.id })}`)).json().rows;
    expect(row).toMatchObject({ points: 12, liabilityPoints: 48 });
    const skus = (await get('/api/admin/coupon-stock/skus')).json();
    expect(skus.find((x: { productId: number }) => x.productId === other.id)).toMatchObject({
      liabilityPoints: 48,
    });
  });

  it('shows beside it the liability with the schemes in force, at most what a scan of them pays', async () => {
    const sku = await kit.product(10);
    const b = await kit.batch(4, sku.id);
    await t.database.db.transaction((tx) =>
      moveCoupons(tx, { where: sql`batch_id = ${b.id}`, from: ['generated'], to: 'active' }),
    );
    const stockOf = async () => ({
      row: (await get(`/api/admin/coupon-stock?filter=${kit.q({ productId: sku.id })}`)).json().rows[0],
      perSku: (await get('/api/admin/coupon-stock/skus'))
        .json()
        .find((x: { productId: number }) => x.productId === sku.id),
    });
    // No scheme: both figures are the points in force.
    expect((await stockOf()).row).toMatchObject({
      points: 10,
      schemePoints: 0,
      liabilityPoints: 40,
      liabilityWithSchemesPoints: 40,
    });

    const only = { productIds: [sku.id] };
    await activeScheme(t, { rule: 'multiplier', multiplier: 2 }, only);
    await activeScheme(t, { rule: 'multiplier', multiplier: 1.5 }, only); // only the highest multiplies
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 5 }, only);
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 3 }, { ...only, memberTypes: ['dealer'] });
    await activeScheme(t, { rule: 'slab_bonus', bonusPoints: 20, slabScans: 4 }, only); // 5 a scan
    const elsewhere = await kit.product(10);
    await activeScheme(t, { rule: 'fixed_bonus', bonusPoints: 50 }, { productIds: [elsewhere.id] });
    await kit.ok(
      await t.as('admin', {
        method: 'POST',
        url: '/api/admin/schemes',
        payload: schemeBody({ rule: 'fixed_bonus', bonusPoints: 70 }, only), // a draft pays nothing
      }),
    );

    const { row, perSku } = await stockOf();
    // 10 × (2 − 1) + 5 + 3 + 20 ÷ 4 = 23 more a scan at most: 4 × (10 + 23).
    expect(row).toMatchObject({
      points: 10,
      schemePoints: 23,
      liabilityPoints: 40,
      liabilityWithSchemesPoints: 132,
    });
    expect(perSku).toMatchObject({ liabilityPoints: 40, liabilityWithSchemesPoints: 132 });
    const exported = await readSheet(
      (await get(`/api/admin/coupon-stock/export?filter=${kit.q({ productId: sku.id })}`)).rawPayload,
    );
    const header = exported[0] as string[];
    expect(exported[1]![header.indexOf('Liability with schemes in force (at most)')]).toBe(132);

    // The scan pays from the same schemes: a dealer's first scan earns all but the slab's share.
    const [code] = await kit.sql(
      "select code from coupons where batch_id = $1 and status = 'active' limit 1",
      [b.id],
    );
    const dealer = await memberWithToken(t, { type: 'dealer' });
    expect((await scanAs(t, dealer.token, { code: code!.code })).json()).toMatchObject({
      result: 'success',
      points: 10 + 23 - 5,
    });
  });

  it('summarises totals, SKUs, distributors and days', async () => {
    const res = await get('/api/admin/coupon-summary', 'cs');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.to).toBe(todayInIndia());
    expect(s.perSku.find((x: { productId: number }) => x.productId === product.id)).toMatchObject({
      scanRate: 0.25,
    });
    const distributorId = Number(
      (await kit.sql('select distributor_id from invoices where id = $1', [invoiceId]))[0]!.distributor_id,
    );
    const dist = s.perDistributor.find((d: { distributorId: number }) => d.distributorId === distributorId);
    expect(dist).toMatchObject({ allocated: 4, scanRate: 0.25 });
    const today = s.days.at(-1);
    // The demo's scans are real scans made at seeding (today), besides this test's one.
    const scannedToday = await kit.sql(
      "select count(*)::int as n from coupon_scans where result = 'success' and (created_at at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date",
    );
    expect(scannedToday[0]!.n).toBeGreaterThanOrEqual(1);
    expect(today).toMatchObject({ day: todayInIndia(), scanned: scannedToday[0]!.n, damaged: 1 });
    expect(today.generated).toBeGreaterThanOrEqual(13);
    expect(s.days).toHaveLength(30);
    const bad = await get('/api/admin/coupon-summary?from=2024-02-01&to=2024-01-01', 'cs');
    expect(bad.json().fields).toEqual({ to: 'The end date must be on or after the start date' });
    expect((await get('/api/admin/coupon-summary?from=2024-13-01', 'cs')).json().fields).toHaveProperty(
      'from',
    );
  });

  it('masks live codes of an invoice for roles that do not print, in the list and its export', async () => {
    const codes = await kit.sql(
      'select serial::int as serial, code from coupons where serial between $1 and $2 order by serial',
      [batch.firstSerial, batch.firstSerial + 3],
    );
    const url = `/api/admin/invoice-wise-coupons/${invoiceId}/coupons`;
    const listed = async (role: string) =>
      (await get(`${url}?sort=serial&order=ASC`, role)).json().rows.map((r: { code: string }) => r.code);
    const exported = async (role: string) => {
      const rows = await readSheet((await get(`${url}/export?sort=serial&order=ASC`, role)).rawPayload);
      const at = (rows[0] as string[]).indexOf('Code');
      return rows.slice(1).map((r) => r[at]);
    };
    const full = codes.map((c) => c.code as string);
    // The first is scanned (spent): shown in full; the three live ones keep only their last four.
    const masked = [full[0], ...full.slice(1).map((c) => `${'•'.repeat(c.length - 4)}${c.slice(-4)}`)];
    for (const role of ['cs', 'distribution']) {
      expect(await listed(role), role).toEqual(masked);
      expect(await exported(role), role).toEqual(masked);
    }
    // The role that prints them sees them whole.
    expect(await listed('almond team')).toEqual(full);
    expect(await exported('almond team')).toEqual(full);
  });

  it('lists each coupon of an invoice with its state and who scanned it', async () => {
    const res = await get(`/api/admin/invoice-wise-coupons/${invoiceId}/coupons?sort=serial&order=ASC`, 'cs');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['scanned', 'active', 'active', 'active']);
    expect(rows[0]).toMatchObject({ serial: batch.firstSerial, points: 25, scannedBy: expect.any(String) });
    const active = await get(
      `/api/admin/invoice-wise-coupons/${invoiceId}/coupons?filter=${kit.q({ status: 'active' })}`,
      'cs',
    );
    expect(active.json().total).toBe(3);
    // One row a page: the total is counted (through the list's lighter count query), not read off a short page.
    const counted = await get(
      `/api/admin/invoice-wise-coupons/${invoiceId}/coupons?perPage=1&filter=${kit.q({ status: 'active' })}`,
      'cs',
    );
    expect(counted.json()).toMatchObject({ total: 3, rows: [expect.objectContaining({ status: 'active' })] });
    const all = await get(`/api/admin/invoice-wise-coupons/${invoiceId}/coupons?perPage=1`, 'cs');
    expect(all.json().total).toBe(4);
    // Once the batch has expired its unscanned coupons read as expired, and the scanned one stays scanned.
    const totalOf = async (status: string) =>
      (
        await get(
          `/api/admin/invoice-wise-coupons/${invoiceId}/coupons?perPage=1&filter=${kit.q({ status })}`,
          'cs',
        )
      ).json().total;
    const [expiry] = await kit.sql('select expires_on::text as d from coupon_batches where id = $1', [
      batch.id,
    ]);
    await kit.sql('update coupon_batches set expires_on = current_date - 2 where id = $1', [batch.id]);
    expect({
      active: await totalOf('active'),
      expired: await totalOf('expired'),
      scanned: await totalOf('scanned'),
    }).toEqual({ active: 0, expired: 3, scanned: 1 });
    await kit.sql('update coupon_batches set expires_on = $2::date where id = $1', [batch.id, expiry!.d]);
    expect((await get('/api/admin/invoice-wise-coupons/999999/coupons', 'cs')).statusCode).toBe(404);
    expect((await get('/api/admin/invoice-wise-coupons?perPage=5', 'distribution')).statusCode).toBe(200);
  });

  it('is for each page’s holders only', async () => {
    for (const url of [
      '/api/admin/coupon-stock',
      '/api/admin/coupon-summary',
      `/api/admin/invoice-wise-coupons/${invoiceId}/coupons`,
    ])
      expect((await get(url, 'marketing')).statusCode, url).toBe(403);
    expect((await get('/api/admin/coupon-stock', 'cs')).statusCode).toBe(403);
  });
});
