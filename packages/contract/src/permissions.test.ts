import { describe, expect, it } from 'vitest';
import { ACTIONS, actionsWithoutPage, isAction } from './actions';
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

describe('action permissions', () => {
  it('belong each to a page of the menu, with unique ids that are not paths', () => {
    const paths = new Set(PAGES.map((p) => p.path));
    for (const a of ACTIONS) expect(paths.has(a.page), a.id).toBe(true);
    expect(new Set(ACTIONS.map((a) => a.id)).size).toBe(ACTIONS.length);
    expect(ACTIONS.some((a) => a.id.startsWith('/'))).toBe(false);
  });

  it('go to a built-in role only with the page where the work is done', () => {
    // cs views Allocation History but does not allocate: it may not undo an allocation.
    expect(builtInPermissions('cs')).toContain('/dashboard/allocation-history');
    expect(builtInPermissions('cs')).not.toContain('coupon-allocations.undo');
    expect(builtInPermissions('distribution')).toContain('coupon-allocations.undo');
    for (const role of ['admin', 'cs', 'finance', 'printing'] as const)
      expect(actionsWithoutPage(builtInPermissions(role)), role).toEqual([]);
  });

  it('leave the sidebar of every role exactly as the table says', () => {
    const pagesOnly = (role: Parameters<typeof builtInPermissions>[0]) =>
      new Set(builtInPermissions(role).filter((p) => !isAction(p)));
    expect(visibleMenu(pagesOnly('cs'))).toEqual(visibleMenu(new Set(builtInPermissions('cs'))));
  });
});
