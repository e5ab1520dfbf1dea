import { builtInPermissions } from '@app/contract/permissions';
import { REPORTS, reportsAllowed, XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signInEvents, staff } from '../../db/schema/staff';
import { rangeOfDays } from './report-source';
import { readSheet } from './reports.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WIDE = { startDate: '2000-01-01', endDate: '2099-12-31' };

const run = (role: string, payload: object) =>
  t.as(role, { method: 'POST', url: '/api/admin/downloadReports', payload });

async function signInEventsAt(rows: { at: string; email: string }[]) {
  await t.database.db
    .insert(signInEvents)
    .values(
      rows.map((r) => ({ at: new Date(r.at), email: r.email, outcome: 'bad_credentials', ip: '10.0.0.1' })),
    );
}

describe('direct download (use 1)', () => {
  it.each(REPORTS.map((r) => r.key))('%s: an xlsx with the declared header and the rows', async (key) => {
    const res = await run('almond team', { reportType: key, ...WIDE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${key}.xlsx"; filename*=UTF-8''${key}.xlsx`,
    );
    const [header, ...rows] = await readSheet(res.rawPayload);
    // The catalogue's columns where the entry names them, else the list's (one declaration).
    const source = t.app.registry.reportSources[key];
    const named = (REPORTS.find((r) => r.key === key) as { columns?: readonly { header: string }[] }).columns;
    expect(header).toEqual(source.columns.map((c) => c.header));
    if (named) expect(header).toEqual(named.map((c) => c.header));
    const expected = await t.app.registry.reportSources[key].count(
      t.database.db,
      rangeOfDays(WIDE.startDate, WIDE.endDate),
    );
    expect(rows).toHaveLength(expected);
    if (['staff', 'audit_log', 'sign_in_activity'].includes(key)) expect(rows.length).toBeGreaterThan(0);
  });

  it('staff: one row per account with role label and flags', async () => {
    const res = await run('admin', { reportType: 'staff', ...WIDE });
    const [, ...rows] = await readSheet(res.rawPayload);
    const [accounts] = await t.database.db.select({ n: count() }).from(staff);
    expect(rows).toHaveLength(Number(accounts!.n));
    const almond = rows.find((r) => r[1] === 'almond-team@demo.local')!;
    expect(almond[3]).toBe('Almond Team');
    expect(almond[4]).toBe('Yes'); // Active (Locked is [5])
    // An Excel date (exceljs reads its IST wall time back as a Date).
    expect(almond[7]).toBeInstanceOf(Date);
  });

  it('filters on whole days in Asia/Kolkata, both ends inclusive', async () => {
    await signInEventsAt([
      { at: '2021-03-01T18:29:59Z', email: 'before@range.test' }, // 1 Mar 23:59:59 IST
      { at: '2021-03-01T18:30:00Z', email: 'first@range.test' }, // 2 Mar 00:00 IST
      { at: '2021-03-03T18:29:59.999Z', email: 'last@range.test' }, // 3 Mar 23:59:59.999 IST
      { at: '2021-03-03T18:30:00Z', email: 'after@range.test' }, // 4 Mar 00:00 IST
    ]);
    const res = await run('admin', {
      reportType: 'sign_in_activity',
      startDate: '2021-03-02',
      endDate: '2021-03-03',
    });
    const [, ...rows] = await readSheet(res.rawPayload);
    expect(rows.map((r) => r[1])).toEqual(['first@range.test', 'last@range.test']);
    // 2 Mar 00:00 IST, as an Excel date of that wall time.
    expect(rows[0]).toEqual([
      new Date('2021-03-02T00:00:00Z'),
      'first@range.test',
      'bad_credentials',
      '10.0.0.1',
    ]);
  });

  it('walks batches by keyset: ties and microseconds neither repeat nor lose rows', async () => {
    await t.database.db.execute(sql`
      insert into sign_in_events (at, email, outcome)
      select '2020-06-10T06:00:00Z'::timestamptz + (i % 7) * interval '1 microsecond', 'bulk' || i || '@x.test', 'success'
      from generate_series(1, 2345) i`);
    const res = await run('admin', {
      reportType: 'sign_in_activity',
      startDate: '2020-06-10',
      endDate: '2020-06-10',
    });
    const [, ...rows] = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r[1])).size).toBe(2345);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    await signInEventsAt([
      { at: '2019-05-05T05:00:00Z', email: '=HYPERLINK("http://evil.test","x")' },
      { at: '2019-05-05T05:00:01Z', email: '@SUM(1+1)' },
      { at: '2019-05-05T05:00:02Z', email: '\tTAB' },
    ]);
    const res = await run('admin', {
      reportType: 'sign_in_activity',
      startDate: '2019-05-05',
      endDate: '2019-05-05',
    });
    const [, ...rows] = await readSheet(res.rawPayload);
    // As typed: the cells are strings with the quote-prefix style (xlsx-writer.test.ts), no apostrophe.
    expect(rows.map((r) => r[1])).toEqual(['=HYPERLINK("http://evil.test","x")', '@SUM(1+1)', '\tTAB']);
  });

  it('records the export in the audit log', async () => {
    const res = await run('admin', {
      reportType: 'audit_log',
      startDate: '2020-01-01',
      endDate: '2099-01-01',
    });
    const [, ...rows] = await readSheet(res.rawPayload);
    expect(rows.some((r) => r[3] === 'report.downloaded' && r[5] === 'audit_log')).toBe(true);
  });
});

describe('request checks', () => {
  it('refuses an unknown type with a field error on reportType', async () => {
    const res = await run('admin', { reportType: 'nope', ...WIDE });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ reportType: 'Unknown report type' });
  });

  it('names missing and malformed dates', async () => {
    const missing = await run('admin', { reportType: 'staff' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['endDate', 'startDate']);
    const bad = await run('admin', { reportType: 'staff', startDate: '2024-02-30', endDate: '01/03/2024' });
    expect(bad.json().fields).toEqual({
      startDate: 'Enter a valid date (YYYY-MM-DD)',
      endDate: 'Enter a valid date (YYYY-MM-DD)',
    });
  });

  it('refuses an end date before the start date, on endDate', async () => {
    const res = await run('admin', { reportType: 'staff', startDate: '2024-03-02', endDate: '2024-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ endDate: 'End date must be on or after the start date' });
  });

  it("403 for a report of a page the role lacks (cs, staff report), and lists only the role's types", async () => {
    expect((await run('cs', { reportType: 'staff', ...WIDE })).statusCode).toBe(403);
    expect((await run('cs', { reportType: 'staff', ...WIDE, background: true })).statusCode).toBe(403);
    const cs = await t.as('cs', { method: 'GET', url: '/api/admin/reports/types' });
    const csMay = reportsAllowed(new Set(builtInPermissions('cs'))).map((r) => r.key);
    expect(cs.json().map((o: { key: string }) => o.key)).toEqual(csMay);
    expect(csMay).not.toContain('staff');
    const admin = await t.as('admin', { method: 'GET', url: '/api/admin/reports/types' });
    const adminMay = reportsAllowed(new Set(builtInPermissions('admin'))).map((r) => r.key);
    expect(admin.json().map((o: { key: string }) => o.key)).toEqual(adminMay);
    expect(adminMay).toEqual(expect.arrayContaining(['staff', 'audit_log', 'sign_in_activity']));
  });

  it('403 on every report endpoint for a role without Download Report (printing)', async () => {
    expect((await run('printing', { reportType: 'staff', ...WIDE })).statusCode).toBe(403);
    for (const url of ['/api/admin/reports/types', '/api/admin/reports', '/api/admin/reports/1/file'])
      expect((await t.as('printing', { method: 'GET', url })).statusCode).toBe(403);
  });
});
