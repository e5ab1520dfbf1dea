import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/** The demo database tells one story: every entry has its cause, nothing happens after now. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (text: string) => (await t.database.executeSql(text)).rows;
const one = async (text: string) => Number((await rows(text))[0]!.n);

describe('demo data', () => {
  it('has a scanned coupon and a successful scan behind every scan entry, and the other way round', async () => {
    expect(
      await one(`select count(*)::int as n from points_ledger l where l.kind = 'scan' and not exists (
        select 1 from coupons c join coupon_scans s on s.coupon_serial = c.serial and s.result = 'success'
        where l.reference = 'scan:' || c.serial and c.status = 'scanned' and s.ledger_entry_id = l.id)`),
    ).toBe(0);
    const scanned = await one("select count(*)::int as n from coupons where status = 'scanned'");
    expect(scanned).toBeGreaterThan(0);
    expect(await one("select count(*)::int as n from points_ledger where kind = 'scan'")).toBe(scanned);
    expect(await one("select count(*)::int as n from coupon_scans where result = 'success'")).toBe(scanned);
  });

  it('has no entry without its cause: no holds without redemptions, bonuses only from scans', async () => {
    const kinds = Object.fromEntries(
      (await rows('select kind, count(*)::int as n from points_ledger group by kind')).map((r) => [
        r.kind,
        r.n,
      ]),
    );
    // One hold per redemption, one refund per refunded one, each under its redemption's reference.
    expect(kinds.redemption_hold ?? 0).toBe(await one('select count(*)::int as n from redemptions'));
    expect(
      await one(`select count(*)::int as n from points_ledger l where l.kind in ('redemption_hold', 'redemption_refund')
        and not exists (select 1 from redemptions r where l.reference = 'redemption:' || r.id and r.member_id = l.member_id
          and (l.kind = 'redemption_hold' or r.status in ('rejected', 'cancelled', 'failed', 'returned')))`),
    ).toBe(0);
    expect(kinds.redemption_refund ?? 0).toBe(
      await one(
        `select count(*)::int as n from redemptions where status in ('rejected', 'cancelled', 'failed', 'returned')`,
      ),
    );
    expect(
      await one(`select count(*)::int as n from points_ledger l where l.kind = 'scheme_bonus'
        and not exists (select 1 from coupon_scans s where s.member_id = l.member_id and s.result = 'success')`),
    ).toBe(0);
    expect(
      await one(`select count(*)::int as n from points_ledger l where l.kind = 'adjustment'
        and not exists (select 1 from points_adjustments a where a.ledger_entry_id = l.id and a.status = 'approved')`),
    ).toBe(0);
    expect(
      await one(`select count(*)::int as n from points_ledger l where l.kind = 'joining'
        and not exists (select 1 from members m where 'joining:' || m.id = l.reference and m.approved_at is not null)`),
    ).toBe(0);
    // Every balance is the sum of its member's entries.
    expect(
      await one(`select count(*)::int as n from members m
        where m.balance <> coalesce((select sum(amount) from points_ledger l where l.member_id = m.id), 0)`),
    ).toBe(0);
  });

  it('has nothing happening after now', async () => {
    const columns = await rows(`select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%'
        and column_name not in ('effective_from', 'expires_at', 'locked_until', 'starts_at', 'ends_at', 'send_at')
        and column_name not like '%expires%'`);
    expect(columns.length).toBeGreaterThan(10);
    const future: string[] = [];
    for (const { t: table, c: column } of columns) {
      const n = await one(`select count(*)::int as n from "${table}" where "${column}" > now()`);
      if (n > 0) future.push(`${table}.${column}: ${n}`);
    }
    expect(future).toEqual([]);
    expect(await one('select count(*)::int as n from kyc_submissions where decided_at < submitted_at')).toBe(
      0,
    );
  });

  it('shows every state the pages have: an upload, an undone allocation, a rejected report, a reprint', async () => {
    const [states] = await rows(`select
      (select count(*)::int from invoice_uploads) as uploads,
      (select count(*)::int from invoice_uploads where error_file_id is not null) as "uploadErrors",
      (select count(*)::int from coupon_allocations where undone_at is not null) as undone,
      (select count(*)::int from damaged_reports where status = 'rejected') as rejected,
      (select count(*)::int from damaged_reports where status = 'approved') as approved,
      (select count(*)::int from damaged_reports where status = 'pending') as pending,
      (select count(*)::int from coupon_prints where reprint) as reprints,
      (select count(*)::int from kyc_submissions where status = 'rejected') as "kycRejected"`);
    for (const [state, n] of Object.entries(states!)) expect(n, state).toBeGreaterThan(0);
    // Made through the services: each has its audit entry.
    const audited = await rows(`select action from audit_log where action in
      ('invoice_upload.created', 'coupon_allocation.undone', 'damaged_report.rejected', 'coupon_print.created')`);
    expect(new Set(audited.map((r) => r.action)).size).toBe(4);
  });
});
