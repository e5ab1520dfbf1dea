import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, builtInPermissions, PAGES, pageForPath, visibleMenu } from './permissions';

const sidebar = (role: Parameters<typeof builtInPermissions>[0]) =>
  visibleMenu(new Set(builtInPermissions(role))).map((e) =>
    e.kind === 'item' ? e.item.label : `${e.group.label}: ${e.group.items.map((i) => i.label).join(', ')}`,
  );

describe('permission model', () => {
  it('has the 46 pages of the shell spec, each path once', () => {
    expect(PAGES).toHaveLength(46);
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(46);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('gives printing and distribution only their coupon pages (no Dashboard item)', () => {
    expect(sidebar('printing')).toEqual(['Punch History']);
    expect(sidebar('distribution')).toEqual([
      'Coupon Allocation',
      'Allocation History',
      'Coupons Dashboard Summary',
      'Damaged Coupons',
      'Invoice Wise Coupon Details',
      'Coupon Stock Details',
    ]);
  });

  it('shows a group only by its own rule, and inside it only the items the role holds', () => {
    // hod holds the Manage Approvals group, but of its items only Redemption.
    expect(sidebar('hod')).toContain('Manage Approvals: Redemption');
    // sub admin holds the Redemption item but not the group: nothing shows.
    expect(sidebar('sub admin').some((l) => l.startsWith('Manage Approvals'))).toBe(false);
    // courier may download reports (spec: "the Reports roles plus courier") but the Reports group is hidden.
    expect(builtInPermissions('courier')).toContain('/dashboard/reports/reports_download');
    expect(sidebar('courier')).toEqual(['Dashboard', 'Manage Redemption: Courier Redemption']);
  });

  it('gives almond team every page', () => {
    expect(builtInPermissions('almond team')).toEqual(expect.arrayContaining(PAGES.map((p) => p.path)));
  });

  it('finds the page of nested paths, case-insensitively', () => {
    expect(pageForPath('/dashboard/users/42')?.label).toBe('All Users');
    expect(pageForPath('/dashboard/manageadmin/audit')?.label).toBe('Manage Admin');
    expect(pageForPath('/dashboard')?.label).toBe('Dashboard');
    expect(pageForPath('/elsewhere')).toBeUndefined();
  });
});
