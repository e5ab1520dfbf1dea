/**
 * An independent transcription of the customer's shell spec (sections 2 and 6) for the sidebar
 * tests. It deliberately does NOT import packages/contract: if the contract's menu or role
 * permissions drift from the spec, the sidebar tests fail.
 *
 * Labels: the spec's bracketed label where given, the table's name where the table names the item,
 * otherwise the words of the last path segment (e.g. socialconnect → Social Connect).
 */

export const SPEC_ROLES = [
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
export type SpecRole = (typeof SPEC_ROLES)[number];

interface SpecLink {
  label: string;
  path: string;
  roles: readonly SpecRole[];
}
type SpecEntry =
  | ({ kind: 'item' } & SpecLink)
  | { kind: 'group'; label: string; roles: readonly SpecRole[]; items: SpecLink[] };

const link = (path: string, label: string, roles: readonly SpecRole[]): SpecLink => ({ path, label, roles });
const top = (path: string, label: string, roles: readonly SpecRole[]): SpecEntry => ({
  kind: 'item',
  path,
  label,
  roles,
});
const group = (label: string, roles: readonly SpecRole[], items: SpecLink[]): SpecEntry => ({
  kind: 'group',
  label,
  roles,
  items,
});

// Row by row from the table in section 6.
const DASHBOARD: SpecRole[] = [
  'admin',
  'super admin',
  'finance',
  'hod',
  'cs',
  'courier',
  'marketing',
  'sub admin',
  'almond team',
];
const EMPLOYEES: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const SETTINGS_MEDIA_NOTIFY: SpecRole[] = ['admin', 'hod', 'cs', 'marketing', 'sub admin', 'almond team'];
const GIFT_VOUCHER: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const APPROVALS_GROUP: SpecRole[] = ['finance', 'hod', 'cs', 'almond team'];
const COURIER_REDEMPTION: SpecRole[] = ['admin', 'hod', 'cs', 'finance', 'courier', 'almond team'];
const USER_MANAGEMENT: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team', 'finance'];
const LOYALTY: SpecRole[] = ['admin', 'super admin', 'almond team'];
const QR_HISTORIES: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const FEEDBACK: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const CATALOGUE: SpecRole[] = ['admin', 'marketing', 'almond team'];
const LOCATOR: SpecRole[] = ['admin', 'hod', 'cs', 'sub admin', 'almond team'];
const REPORTS: SpecRole[] = ['admin', 'hod', 'cs', 'finance', 'sub admin', 'almond team'];
const ALMOND: SpecRole[] = ['almond team'];

/** Section 2's list, in its order, with section 6's roles. */
export const SPEC_SIDEBAR: readonly SpecEntry[] = [
  top('/dashboard', 'Dashboard', DASHBOARD),
  top('/dashboard/manageadmin', 'Manage Admin', ['admin', 'almond team']),
  top('/dashboard/invoice', 'Invoice', ['cs', 'almond team']),
  top('/dashboard/upload-invoice-history', 'Upload Invoice History', ['cs', 'almond team']),
  top('/dashboard/printCoupon', 'Punch History', ['printing', 'almond team']),
  top('/dashboard/generatecoupon', 'Generate QR Code', ['finance', 'hod', 'cs', 'admin', 'almond team']),
  top('/dashboard/coupon-allocation', 'Coupon Allocation', ['distribution', 'almond team']),
  top('/dashboard/allocation-history', 'Allocation History', ['distribution', 'cs', 'almond team']),
  top('/dashboard/coupon-dashboard-summary', 'Coupons Dashboard Summary', [
    'distribution',
    'cs',
    'almond team',
  ]),
  top('/dashboard/damaged-coupon', 'Damaged Coupons', ['distribution', 'almond team']),
  top('/dashboard/invoice-wise-coupon', 'Invoice Wise Coupon Details', ['distribution', 'cs', 'almond team']),
  top('/dashboard/coupon-stock-report', 'Coupon Stock Details', ['distribution', 'almond team']),
  group('Manage Employees', EMPLOYEES, [
    link('/dashboard/employee', 'Employee Management', EMPLOYEES),
    link('/dashboard/bdeEmployee', 'BDE Management', EMPLOYEES),
  ]),
  group('Main Settings', SETTINGS_MEDIA_NOTIFY, [
    link('/dashboard/mainsettings/socialconnect', 'Social Connect', SETTINGS_MEDIA_NOTIFY),
    link('/dashboard/mainsettings/terms', 'Documents', SETTINGS_MEDIA_NOTIFY),
    link('/dashboard/mainsettings/virtualroom', 'Virtual Room', SETTINGS_MEDIA_NOTIFY),
  ]),
  group('Media', SETTINGS_MEDIA_NOTIFY, [
    link('/dashboard/media/gallery', 'Gallery', SETTINGS_MEDIA_NOTIFY),
    link('/dashboard/media/banner', 'Banner', SETTINGS_MEDIA_NOTIFY),
    link('/dashboard/media/event', 'Event', SETTINGS_MEDIA_NOTIFY),
  ]),
  group('Manage Notification', SETTINGS_MEDIA_NOTIFY, [
    link('/dashboard/notifications', 'Notifications', SETTINGS_MEDIA_NOTIFY),
  ]),
  group('Manage Gift Voucher', GIFT_VOUCHER, [
    link('/dashboard/managecoupon/Coupons', 'Gift Vouchers', GIFT_VOUCHER),
    link('/dashboard/managecoupon/used_coupon', 'Used Coupon', GIFT_VOUCHER),
    link('/dashboard/managecoupon/bulk_coupon', 'Update Bulk Coupon', ALMOND),
  ]),
  group('Manage Approvals', APPROVALS_GROUP, [
    link('/dashboard/approvals/kyc_verification', 'KYC Verification', ['finance', 'cs', 'almond team']),
    link('/dashboard/approvals/kyc_history', 'KYC History', ['finance', 'almond team']),
    link('/dashboard/approvals/redemption', 'Redemption', [
      'finance',
      'cs',
      'hod',
      'sub admin',
      'almond team',
    ]),
    link('/dashboard/approvals/pending_user', 'Pending User', ['cs', 'almond team']),
    link('/dashboard/approvals/rejected_user', 'Rejected User', ['cs', 'almond team']),
  ]),
  group('Manage Redemption', COURIER_REDEMPTION, [
    link('/dashboard/approvals/courier_redemption', 'Courier Redemption', COURIER_REDEMPTION),
  ]),
  group('User Management', USER_MANAGEMENT, [
    link('/dashboard/roles', 'User Roles', ALMOND),
    link('/dashboard/users', 'All Users', USER_MANAGEMENT),
  ]),
  group('Loyalty Management', LOYALTY, [
    link('/dashboard/scheme', 'Scheme', LOYALTY),
    link('/dashboard/updateSchemePoints', 'Update Scheme Points', LOYALTY),
    link('/dashboard/referral', 'Referral Points', LOYALTY),
    link('/dashboard/joiningpoints', 'Joining Points', LOYALTY),
    link('/dashboard/gamespoints', 'Games Points', LOYALTY),
  ]),
  top('/dashboard/QrScanHistories', 'QR Scan History', QR_HISTORIES),
  top('/dashboard/QrPointHistories', 'QR Points History', QR_HISTORIES),
  top('/dashboard/project_registration', 'Project Registration', ['cs', 'admin', 'sub admin', 'almond team']),
  top('/dashboard/bda_activity', 'BDA Activity', ['cs', 'hod', 'admin', 'sub admin', 'almond team']),
  top('/dashboard/update_version', 'Update Version', ALMOND),
  group('Feedback', FEEDBACK, [link('/dashboard/feedback', 'Feedbacks Data', FEEDBACK)]),
  group('Manage Catalogue', CATALOGUE, [link('/dashboard/products/catalogue', 'Catalogue', CATALOGUE)]),
  group('Locator', LOCATOR, [link('/dashboard/locator', 'Locator', LOCATOR)]),
  group('Reports', REPORTS, [
    link('/dashboard/reports/reports_download', 'Download Report', [...REPORTS, 'courier']),
  ]),
];

export type SidebarEntry =
  | { kind: 'item'; label: string; path: string }
  | { kind: 'group'; label: string; items: { label: string; path: string }[] };

/** What the role's sidebar shows: an item inside a group needs the group's rule and its own. */
export function expectedSidebar(role: SpecRole): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  for (const entry of SPEC_SIDEBAR) {
    if (entry.kind === 'item') {
      if (entry.roles.includes(role)) out.push({ kind: 'item', label: entry.label, path: entry.path });
      continue;
    }
    if (!entry.roles.includes(role)) continue;
    const items = entry.items
      .filter((i) => i.roles.includes(role))
      .map(({ label, path }) => ({ label, path }));
    if (items.length > 0) out.push({ kind: 'group', label: entry.label, items });
  }
  return out;
}
