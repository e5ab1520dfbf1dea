import { shiftDay, todayInIndia } from '@app/contract/format';
import { VOUCHER_MESSAGES as M, VOUCHER_UPLOAD_COLUMNS } from '@app/contract/gift-vouchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { staffKit } from '../staff/staff.test-kit';
import { takeVoucher } from './voucher-stock';

let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t.close());

let seq = 0;
/** A brand no other test uses, so counts stay this test's own. */
const brand = () => `Brand ${process.pid}-${++seq}`;
const dmy = (offset: number) => shiftDay(todayInIndia(), offset).split('-').reverse().join('/');
const voucherSheet = (rows: (string | number | Date)[][]) => sheet(rows, VOUCHER_UPLOAD_COLUMNS);
const upload = (content: Buffer, query = '', by = 'almond team') =>
  t.as(by, {
    method: 'POST',
    url: `/api/admin/gift-vouchers/upload${query}`,
    ...multipartBody('vouchers.xlsx', content),
  });
const add = (body: object, by = 'almond team') =>
  t.as(by, { method: 'POST', url: '/api/admin/gift-vouchers', payload: body });
const list = async (filter: object, path = 'gift-vouchers', by = 'almond team') =>
  (await kit.ok(await t.as(by, { url: `/api/admin/${path}?filter=${kit.q(filter)}&perPage=100` })))
    .rows as Record<string, unknown>[];

describe('Gift vouchers: add one, PIN encrypted and masked, reveal audited', () => {
  it('stores the PIN encrypted, answers it masked, and reveals it only with the action, audited', async () => {
    const b = brand();
    const row = await kit.ok(
      await add({
        brand: b,
        denominationPaise: 50_000,
        code: 'AMZ-0001-XYZ',
        pin: '482913',
        expiresOn: shiftDay(todayInIndia(), 90),
      }),
    );
    expect(row).toMatchObject({
      brand: b,
      denominationPaise: 50_000,
      pinMasked: 'XXXXXX',
      status: 'available',
    });
    expect(JSON.stringify(row)).not.toContain('482913');

    const [stored] = await kit.sql('select pin_cipher, pin_length from gift_vouchers where id = $1', [
      row.id,
    ]);
    expect(stored!.pin_cipher).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(String(stored!.pin_cipher)).not.toContain('482913');
    expect(stored!.pin_length).toBe(6);

    const listed = await list({ brand: b });
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('482913');
    expect(listed[0]).toMatchObject({ pinMasked: 'XXXXXX' });

    const revealed = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/gift-vouchers/${row.id}/reveal`,
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ pin: '482913' });
    expect(revealed.headers['cache-control']).toBe('no-store');
    const audits = await kit.sql(
      "select action, actor_role from audit_log where entity = 'gift_voucher' and entity_id = $1 order by id",
      [String(row.id)],
    );
    expect(audits).toEqual([
      { action: 'gift_voucher.added', actor_role: 'almond team' },
      { action: 'gift_voucher.pin_revealed', actor_role: 'almond team' },
    ]);
  });

  it('answers 403 to roles without the page or without the action, and audits nothing for them', async () => {
    const row = await kit.ok(
      await add({
        brand: brand(),
        denominationPaise: 10_000,
        code: 'NOREVEAL-1',
        pin: '1111',
        expiresOn: shiftDay(todayInIndia(), 9),
      }),
    );
    const before = await kit.sql(
      "select count(*)::int as n from audit_log where action = 'gift_voucher.pin_revealed'",
    );
    for (const role of ['finance', 'courier', 'marketing']) {
      const res = await t.as(role, { method: 'POST', url: `/api/admin/gift-vouchers/${row.id}/reveal` });
      expect(res.statusCode, role).toBe(403);
      expect((await t.as(role, { url: '/api/admin/gift-vouchers' })).statusCode, role).toBe(403);
    }
    // A custom role that holds the page "view only": it lists, but reveals nothing.
    const roleRes = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/roles',
      payload: {
        name: 'voucher viewer',
        label: 'Voucher viewer',
        permissions: ['/dashboard/managecoupon/Coupons'],
      },
    });
    expect(roleRes.statusCode, roleRes.body).toBe(200);
    const viewer = await staffKit(t).createAccount(
      'almond team',
      'voucher.viewer@example.com',
      'voucher viewer',
    );
    expect((await t.as(viewer.token, { url: '/api/admin/gift-vouchers' })).statusCode).toBe(200);
    const denied = await t.as(viewer.token, {
      method: 'POST',
      url: `/api/admin/gift-vouchers/${row.id}/reveal`,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (
        await add(
          { brand: brand(), denominationPaise: 100, code: 'VIEWONLY', expiresOn: todayInIndia() },
          viewer.token,
        )
      ).statusCode,
    ).toBe(403);
    // cs holds Gift Vouchers but not Update Bulk Coupon: no upload, no bulk void.
    expect(
      (await upload(await voucherSheet([[brand(), 100, 'CSCODE1', '', dmy(5)]]), '', 'cs')).statusCode,
    ).toBe(403);
    const after = await kit.sql(
      "select count(*)::int as n from audit_log where action = 'gift_voucher.pin_revealed'",
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a code its brand already has (any case of the brand) on the code field, and bad fields by name', async () => {
    const b = brand();
    await kit.ok(
      await add({ brand: b, denominationPaise: 20_000, code: 'DUPE-1', expiresOn: todayInIndia() }),
    );
    const again = await add({
      brand: b.toUpperCase(),
      denominationPaise: 20_000,
      code: 'DUPE-1',
      expiresOn: todayInIndia(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ code: M.codeTaken });
    const bad = await add({
      brand: '',
      denominationPaise: 0,
      code: 'a b',
      expiresOn: shiftDay(todayInIndia(), -1),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['brand', 'denominationPaise', 'code']),
    );
    const past = await add({
      brand: b,
      denominationPaise: 100,
      code: 'PAST-1',
      expiresOn: shiftDay(todayInIndia(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ expiresOn: M.expiryPast });
  });
});

describe('Update Bulk Coupon: upload', () => {
  it('offers a template with the upload columns', async () => {
    const res = await t.as('almond team', { url: '/api/admin/gift-vouchers/template' });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...VOUCHER_UPLOAD_COLUMNS]);
  });

  it("names the example's brand as the catalogue does", async () => {
    const first = async () =>
      (
        await kit.sql(
          `select brand, denomination_paise from rewards where type = 'e_voucher' and active
             and brand is not null and denomination_paise is not null order by id limit 1`,
        )
      )[0] as { brand: string; denomination_paise: number } | undefined;
    if (!(await first()))
      await kit.sql(
        `insert into rewards (name, type, brand, denomination_paise, points_cost, mrp_paise, eligible_types)
         values ('Catalogue voucher', 'e_voucher', 'Catalogue Brand', 25000, 100, 25000, '["carpenter"]')`,
      );
    const expected = (await first())!;
    const rows = await readSheet(
      (await t.as('almond team', { url: '/api/admin/gift-vouchers/template' })).rawPayload,
    );
    expect(rows[1]!.slice(0, 2)).toEqual([expected.brand, expected.denomination_paise / 100]);
    expect(rows.flat().join(' ')).not.toContain('Amazon Pay');
  });

  it('refuses duplicates in the file and against stock with their row numbers; applies valid rows on request', async () => {
    const b = brand();
    await kit.ok(
      await add({
        brand: b,
        denominationPaise: 50_000,
        code: 'STOCK-1',
        expiresOn: shiftDay(todayInIndia(), 30),
      }),
    );
    const [held] = await kit.sql('select id from gift_vouchers where code = $1', ['STOCK-1']);
    const file = await voucherSheet([
      [b, 500, 'NEW-0001', '1234', dmy(30)], // row 2: good
      [b, '500', 'NEW-0002', '', dmy(60)], // row 3: repeated by row 5
      [b.toLowerCase(), 500, 'STOCK-1', '9999', dmy(30)], // row 4: in stock (brand any case)
      [b, 500, 'NEW-0002', '4321', dmy(60)], // row 5: repeats row 3
      [b, 'abc', 'NEW-0003', '', 'not a day'], // row 6: two bad cells
      [b, 1000.5, 'NEW-0004', '5555', dmy(10)], // row 7: good
    ]);
    const first = await kit.ok(await upload(file));
    expect(first).toMatchObject({
      status: 'has_errors',
      rowsTotal: 6,
      rowsValid: 2,
      rowsApplied: 0,
      uploadId: null,
    });
    expect(first.errors).toEqual([
      { row: 3, column: 'Code', message: M.repeated(5) },
      { row: 4, column: 'Code', message: M.codeInStock(Number(held!.id)) },
      { row: 5, column: 'Code', message: M.repeated(3) },
      { row: 6, column: 'Denomination', message: M.denomination },
      { row: 6, column: 'Expiry', message: M.expiryInvalid },
    ]);
    expect(await list({ brand: b })).toHaveLength(1);

    const report = await t.as('almond team', {
      url: `/api/admin/gift-vouchers/upload/errors/${first.errorReportId}`,
    });
    expect(report.statusCode).toBe(200);
    const reportRows = await readSheet(report.rawPayload);
    expect(reportRows.map((r) => r[0])).toEqual(['Row', 3, 4, 5, 6]);
    // Someone else's error report is not theirs to read.
    expect(
      (await t.as('admin', { url: `/api/admin/gift-vouchers/upload/errors/${first.errorReportId}` }))
        .statusCode,
    ).toBe(403);

    const second = await kit.ok(await upload(file, '?applyValid=true'));
    expect(second).toMatchObject({ status: 'partially_applied', rowsApplied: 2, rowsRejected: 4 });
    const rows = await list({ brand: b, uploadId: second.uploadId });
    expect(rows.map((r) => [r.code, r.denominationPaise, r.pinMasked]).sort()).toEqual([
      ['NEW-0001', 50_000, 'XXXX'],
      ['NEW-0004', 100_050, 'XXXX'],
    ]);
    const pins = await kit.sql('select pin_cipher from gift_vouchers where upload_id = $1', [
      second.uploadId,
    ]);
    for (const p of pins) expect(p.pin_cipher).toMatch(/^v2\.[0-9a-f]{8}\./);
    const audits = await kit.sql(
      "select after from audit_log where entity = 'gift_voucher_upload' and entity_id = $1",
      [String(second.uploadId)],
    );
    expect(audits[0]!.after).toMatchObject({ vouchers: 2, rowsRejected: 4 });

    // The same file again: every good row is now a duplicate against stock.
    const third = await kit.ok(await upload(await voucherSheet([[b, 500, 'NEW-0001', '', dmy(30)]])));
    expect(third.errors).toEqual([
      { row: 2, column: 'Code', message: expect.stringContaining('Already in stock') },
    ]);
  });

  it('refuses a file that is not the template, and a missing file, on the file field', async () => {
    const wrong = await upload(await sheet([['x']], ['Nope']));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.file).toContain('Missing column');
    const none = await t.as('almond team', { method: 'POST', url: '/api/admin/gift-vouchers/upload' });
    expect(none.statusCode).toBe(400);
  });
});

describe('Stock summary, expiry, bulk void and expire', () => {
  it('counts by brand and denomination, reads a lapsed voucher as expired, and the sweep expires it once', async () => {
    const b = brand();
    await kit.ok(
      await add({
        brand: b,
        denominationPaise: 10_000,
        code: 'SUM-1',
        expiresOn: shiftDay(todayInIndia(), 5),
      }),
    );
    await kit.ok(
      await add({
        brand: b,
        denominationPaise: 10_000,
        code: 'SUM-2',
        expiresOn: shiftDay(todayInIndia(), 200),
      }),
    );
    await kit.ok(
      await add({ brand: b, denominationPaise: 20_000, code: 'SUM-3', expiresOn: todayInIndia() }),
    );
    // A lapsed one, as if added long ago.
    await kit.sql(
      "insert into gift_vouchers (brand, denomination_paise, code, expires_on) values ($1, 10000, 'SUM-OLD', current_date - 3)",
      [b],
    );
    const summary = (await kit.ok(
      await t.as('hod', { url: '/api/admin/gift-vouchers/summary' }),
    )) as unknown as {
      brand: string;
    }[];
    const mine = summary.filter((s) => s.brand === b);
    expect(mine).toEqual([
      { brand: b, denominationPaise: 10_000, available: 2, issued: 0, expired: 1, void: 0, expiringSoon: 1 },
      { brand: b, denominationPaise: 20_000, available: 1, issued: 0, expired: 0, void: 0, expiringSoon: 1 },
    ]);
    expect((await list({ brand: b, status: 'expired' })).map((r) => r.code)).toEqual(['SUM-OLD']);
    // Never issued, even before the sweep.
    const taken = await t.database.db.transaction((tx) =>
      takeVoucher(tx, { brand: b, denominationPaise: 10_000, redemptionId: 9_000_001 }),
    );
    expect(taken?.code).toBe('SUM-1');
    const { expireLapsed } = await import('./gift-vouchers.service');
    expect(await t.database.db.transaction((tx) => expireLapsed(tx))).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.transaction((tx) => expireLapsed(tx))).toBe(0);
    const [old] = await kit.sql("select status from gift_vouchers where code = 'SUM-OLD'");
    expect(old!.status).toBe('expired');
  });

  it('voids chosen vouchers and expires by filter, skipping issued ones, each audited; an empty filter is refused', async () => {
    const b = brand();
    const ids: number[] = [];
    for (const code of ['BV-1', 'BV-2', 'BV-3', 'BV-4'])
      ids.push(
        (
          await kit.ok(
            await add({ brand: b, denominationPaise: 5_000, code, expiresOn: shiftDay(todayInIndia(), 40) }),
          )
        ).id,
      );
    await t.database.db.transaction((tx) =>
      takeVoucher(tx, { brand: b, denominationPaise: 5_000, redemptionId: 9_000_002 }),
    );
    const bulk = (body: object, by = 'almond team') =>
      t.as(by, { method: 'POST', url: '/api/admin/gift-vouchers/bulk-status', payload: body });

    expect(
      (await bulk({ action: 'void', ids: [ids[0], ids[1]], reason: 'Leaked' }, 'admin')).statusCode,
    ).toBe(403);
    const voided = await kit.ok(await bulk({ action: 'void', ids: [ids[0], ids[1]], reason: 'Leaked' }));
    // BV-1 was issued (oldest expiring, lowest id): skipped.
    expect(voided).toEqual({ changed: 1, skipped: 1 });
    const empty = await bulk({ action: 'expire', filter: {}, reason: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('filter');
    const expired = await kit.ok(
      await bulk({ action: 'expire', filter: { brand: b }, reason: 'Supplier recalled' }),
    );
    expect(expired).toEqual({ changed: 2, skipped: 2 });
    const statuses = await kit.sql(
      'select code, status, status_reason from gift_vouchers where lower(brand) = lower($1) order by code',
      [b],
    );
    expect(statuses).toEqual([
      { code: 'BV-1', status: 'issued', status_reason: null },
      { code: 'BV-2', status: 'void', status_reason: 'Leaked' },
      { code: 'BV-3', status: 'expired', status_reason: 'Supplier recalled' },
      { code: 'BV-4', status: 'expired', status_reason: 'Supplier recalled' },
    ]);
    const audits = await kit.sql(
      "select action, actor_role, entity_id from audit_log where action in ('gift_voucher.voided', 'gift_voucher.expired') and entity_id = any($1::text[]) order by id",
      [ids.map(String)],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'gift_voucher.voided',
      'gift_voucher.expired',
      'gift_voucher.expired',
    ]);
    expect(audits[0]!.actor_role).toBe('almond team');
    const bad = await bulk({ action: 'expire', filter: { status: 'nope' }, reason: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('Used Coupon lists issued vouchers with their redemption; the report type exports the stock', async () => {
    const b = brand();
    await kit.ok(
      await add({
        brand: b,
        denominationPaise: 7_500,
        code: 'USED-1',
        pin: '77',
        expiresOn: shiftDay(todayInIndia(), 3),
      }),
    );
    await t.database.db.transaction((tx) =>
      takeVoucher(tx, { brand: b, denominationPaise: 7_500, redemptionId: 9_000_003 }),
    );
    const used = await list({ brand: b }, 'used-vouchers', 'cs');
    expect(used).toEqual([
      expect.objectContaining({ code: 'USED-1', status: 'issued', redemptionId: 9_000_003, pinMasked: 'XX' }),
    ]);
    const report = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: {
        reportType: 'gift_vouchers',
        startDate: shiftDay(todayInIndia(), -1),
        endDate: todayInIndia(),
      },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0]).toContain('Denomination (₹)');
    const usedRow = rows.find((r) => r.includes('USED-1'))!;
    expect(usedRow).toContain(75);
    expect(usedRow).toContain('XX');
    expect(usedRow).not.toContain('77');
  });
});
