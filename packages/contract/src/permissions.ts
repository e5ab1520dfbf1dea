/**
 * Roles, pages and the sidebar menu, transcribed from the customer's shell specification
 * (shared/seed/000_…txt, sections 2 and 6). This file is the single source of truth for:
 *  - which pages exist (each page path is also the permission that guards it),
 *  - the menu tree and its order,
 *  - the eleven built-in roles and the permissions they start with.
 *
 * A group has its own rule (its own permission); an item inside a group is shown only when both the
 * group's and the item's permission are held. The server checks the item's permission alone, so a
 * role that holds a page without its group (courier and Download Report) can still use it by URL.
 * What a role may DO on a page beyond reading it is an action permission (actions.ts), held in the
 * same list as the pages.
 */

import { actionsOfPage } from './actions';

export const BUILT_IN_ROLES = [
  'admin',
  'super admin',
  'finance',
  'hod',
  'cs',
  'courier',
  'marketing',
  'sub admin',
  'almond team',
  'printing',
  'distribution',
] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** The role that can never lose User Roles and alone may assign itself (PRODUCT.md 3.2). */
export const SUPER_ROLE: BuiltInRole = 'almond team';

type Rule = readonly BuiltInRole[];

const ADMIN_HOD_CS_SUB: Rule = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const CONTENT_ROLES: Rule = ['admin', 'hod', 'cs', 'marketing', 'sub admin', 'almond team'];
const REPORT_ROLES: Rule = ['admin', 'hod', 'cs', 'finance', 'sub admin', 'almond team'];

export interface MenuItem {
  path: string;
  label: string;
  roles: Rule;
}

export interface MenuGroup {
  /** Permission id of the group itself. */
  id: string;
  label: string;
  roles: Rule;
  items: readonly MenuItem[];
}

export type MenuEntry = { kind: 'item'; item: MenuItem } | { kind: 'group'; group: MenuGroup };

const item = (path: string, label: string, roles: Rule): MenuEntry => ({
  kind: 'item',
  item: { path, label, roles },
});

const group = (id: string, label: string, roles: Rule, items: MenuItem[]): MenuEntry => ({
  kind: 'group',
  group: { id: `group:${id}`, label, roles, items },
});

const sub = (path: string, label: string, roles: Rule): MenuItem => ({ path, label, roles });

/** The sidebar, in the specification's order. */
export const MENU: readonly MenuEntry[] = [
  item('/dashboard', 'Dashboard', [
    'admin',
    'super admin',
    'finance',
    'hod',
    'cs',
    'courier',
    'marketing',
    'sub admin',
    'almond team',
  ]),
  item('/dashboard/manageadmin', 'Manage Admin', ['admin', 'almond team']),
  item('/dashboard/invoice', 'Invoice', ['cs', 'almond team']),
  item('/dashboard/upload-invoice-history', 'Upload Invoice History', ['cs', 'almond team']),
  item('/dashboard/printCoupon', 'Punch History', ['printing', 'almond team']),
  item('/dashboard/generatecoupon', 'Generate QR Code', ['finance', 'hod', 'cs', 'admin', 'almond team']),
  item('/dashboard/coupon-allocation', 'Coupon Allocation', ['distribution', 'almond team']),
  item('/dashboard/allocation-history', 'Allocation History', ['distribution', 'cs', 'almond team']),
  item('/dashboard/coupon-dashboard-summary', 'Coupons Dashboard Summary', [
    'distribution',
    'cs',
    'almond team',
  ]),
  item('/dashboard/damaged-coupon', 'Damaged Coupons', ['distribution', 'almond team']),
  item('/dashboard/invoice-wise-coupon', 'Invoice Wise Coupon Details', [
    'distribution',
    'cs',
    'almond team',
  ]),
  item('/dashboard/coupon-stock-report', 'Coupon Stock Details', ['distribution', 'almond team']),
  group('manage-employees', 'Manage Employees', ADMIN_HOD_CS_SUB, [
    sub('/dashboard/employee', 'Employee Management', ADMIN_HOD_CS_SUB),
    sub('/dashboard/bdeEmployee', 'BDE Management', ADMIN_HOD_CS_SUB),
  ]),
  group('main-settings', 'Main Settings', CONTENT_ROLES, [
    sub('/dashboard/mainsettings/socialconnect', 'Social Connect', CONTENT_ROLES),
    sub('/dashboard/mainsettings/terms', 'Documents', CONTENT_ROLES),
    sub('/dashboard/mainsettings/virtualroom', 'Virtual Room', CONTENT_ROLES),
  ]),
  group('media', 'Media', CONTENT_ROLES, [
    sub('/dashboard/media/gallery', 'Gallery', CONTENT_ROLES),
    sub('/dashboard/media/banner', 'Banner', CONTENT_ROLES),
    sub('/dashboard/media/event', 'Event', CONTENT_ROLES),
  ]),
  group('manage-notification', 'Manage Notification', CONTENT_ROLES, [
    sub('/dashboard/notifications', 'Notifications', CONTENT_ROLES),
  ]),
  group('manage-gift-voucher', 'Manage Gift Voucher', ADMIN_HOD_CS_SUB, [
    sub('/dashboard/managecoupon/Coupons', 'Gift Vouchers', ADMIN_HOD_CS_SUB),
    sub('/dashboard/managecoupon/used_coupon', 'Used Coupon', ADMIN_HOD_CS_SUB),
    sub('/dashboard/managecoupon/bulk_coupon', 'Update Bulk Coupon', ['almond team']),
  ]),
  group(
    'manage-approvals',
    'Manage Approvals',
    ['finance', 'hod', 'cs', 'almond team'],
    [
      sub('/dashboard/approvals/kyc_verification', 'KYC Verification', ['finance', 'cs', 'almond team']),
      sub('/dashboard/approvals/kyc_history', 'KYC History', ['finance', 'almond team']),
      sub('/dashboard/approvals/redemption', 'Redemption', [
        'finance',
        'cs',
        'hod',
        'sub admin',
        'almond team',
      ]),
      sub('/dashboard/approvals/pending_user', 'Pending User', ['cs', 'almond team']),
      sub('/dashboard/approvals/rejected_user', 'Rejected User', ['cs', 'almond team']),
    ],
  ),
  group(
    'manage-redemption',
    'Manage Redemption',
    ['admin', 'hod', 'cs', 'finance', 'courier', 'almond team'],
    [
      sub('/dashboard/approvals/courier_redemption', 'Courier Redemption', [
        'admin',
        'hod',
        'cs',
        'finance',
        'courier',
        'almond team',
      ]),
    ],
  ),
  group(
    'user-management',
    'User Management',
    ['admin', 'hod', 'cs', 'sub admin', 'almond team', 'finance'],
    [
      sub('/dashboard/roles', 'User Roles', ['almond team']),
      sub('/dashboard/users', 'All Users', ['admin', 'hod', 'cs', 'sub admin', 'almond team', 'finance']),
    ],
  ),
  group(
    'loyalty-management',
    'Loyalty Management',
    ['admin', 'super admin', 'almond team'],
    [
      sub('/dashboard/scheme', 'Scheme', ['admin', 'super admin', 'almond team']),
      sub('/dashboard/updateSchemePoints', 'Update Scheme Points', ['admin', 'super admin', 'almond team']),
      sub('/dashboard/referral', 'Referral Points', ['admin', 'super admin', 'almond team']),
      sub('/dashboard/joiningpoints', 'Joining Points', ['admin', 'super admin', 'almond team']),
      sub('/dashboard/gamespoints', 'Games Points', ['admin', 'super admin', 'almond team']),
    ],
  ),
  item('/dashboard/QrScanHistories', 'QR Scan History', ADMIN_HOD_CS_SUB),
  item('/dashboard/QrPointHistories', 'QR Points History', ADMIN_HOD_CS_SUB),
  item('/dashboard/project_registration', 'Project Registration', [
    'cs',
    'admin',
    'sub admin',
    'almond team',
  ]),
  item('/dashboard/bda_activity', 'BDA Activity', ['cs', 'hod', 'admin', 'sub admin', 'almond team']),
  item('/dashboard/update_version', 'Update Version', ['almond team']),
  group('feedback', 'Feedback', ADMIN_HOD_CS_SUB, [
    sub('/dashboard/feedback', 'Feedbacks Data', ADMIN_HOD_CS_SUB),
  ]),
  group(
    'manage-catalogue',
    'Manage Catalogue',
    ['admin', 'marketing', 'almond team'],
    [sub('/dashboard/products/catalogue', 'Catalogue', ['admin', 'marketing', 'almond team'])],
  ),
  group('locator', 'Locator', ADMIN_HOD_CS_SUB, [sub('/dashboard/locator', 'Locator', ADMIN_HOD_CS_SUB)]),
  group('reports', 'Reports', REPORT_ROLES, [
    sub('/dashboard/reports/reports_download', 'Download Report', [...REPORT_ROLES, 'courier']),
  ]),
];

/** Every page of the product: each sidebar item, in menu order. */
export const PAGES: readonly MenuItem[] = MENU.flatMap((entry) =>
  entry.kind === 'item' ? [entry.item] : entry.group.items,
);

export type PagePath = string;

/** A page followed by its actions: the order permission lists are kept in. */
const withActions = (path: string): string[] => [path, ...actionsOfPage(path).map((a) => a.id)];

/** Every permission id: group ids, page paths and each page's actions, in menu order. */
export const ALL_PERMISSIONS: readonly string[] = MENU.flatMap((entry) =>
  entry.kind === 'item'
    ? withActions(entry.item.path)
    : [entry.group.id, ...entry.group.items.flatMap((i) => withActions(i.path))],
);

/**
 * The permissions a built-in role starts with: every group and item whose rule names it, and every
 * action of those pages (the table says what a role sees; a built-in role acts wherever it looks).
 */
export function builtInPermissions(role: BuiltInRole): string[] {
  return MENU.flatMap((entry) => {
    if (entry.kind === 'item') return entry.item.roles.includes(role) ? withActions(entry.item.path) : [];
    const g = entry.group;
    const own = g.roles.includes(role) ? [g.id] : [];
    return [...own, ...g.items.filter((i) => i.roles.includes(role)).flatMap((i) => withActions(i.path))];
  });
}

export interface VisibleGroup {
  id: string;
  label: string;
  items: MenuItem[];
}
export type VisibleEntry = { kind: 'item'; item: MenuItem } | { kind: 'group'; group: VisibleGroup };

/** The sidebar a holder of these permissions sees: a group needs its own permission and ≥1 item. */
export function visibleMenu(permissions: ReadonlySet<string>): VisibleEntry[] {
  const out: VisibleEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'item') {
      if (permissions.has(entry.item.path)) out.push(entry);
      continue;
    }
    const g = entry.group;
    if (!permissions.has(g.id)) continue;
    const items = g.items.filter((i) => permissions.has(i.path));
    if (items.length > 0) out.push({ kind: 'group', group: { id: g.id, label: g.label, items } });
  }
  return out;
}

/** Role names are compared lowercased (shell spec section 6). */
export const normaliseRoleName = (name: string): string => name.trim().toLowerCase();

/** Demo e-mail of a built-in role: lower case, spaces → '-', at demo.local. */
export const demoEmail = (role: string): string => `${role.replace(/ /g, '-')}@demo.local`;

/** The page that owns a path, including nested paths such as a detail view under it. */
export function pageForPath(pathname: string): MenuItem | undefined {
  let best: MenuItem | undefined;
  for (const page of PAGES) {
    const p = page.path.toLowerCase();
    const path = pathname.toLowerCase();
    if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > best.path.length)) best = page;
  }
  return best;
}
