/**
 * Action permissions: the work a route does beyond reading its page. A page permission lets a role
 * see a page and read its data; each action lets it change something, and belongs to the page where
 * that work is done (undoing an allocation is Coupon Allocation's work, even when the button sits on
 * Allocation History). A role may hold an action only together with its page, so a custom role can
 * be given a page "view only" by holding the page without its actions. Built-in roles hold every
 * action of every page their table grants (permissions.ts `builtInPermissions`).
 *
 * Ids are `<domain>.<verb>`; they never start with '/', so they cannot collide with page paths.
 * Routes declare them with `action('<id>')` (server plugins/access); the web asks `can('<id>')`.
 */

export interface ActionPermission {
  id: string;
  /** The page whose holders may be given this action. */
  page: string;
  /** What a holder may do, for the role editor. */
  label: string;
  /**
   * Moves money or points or reveals what is worth money (`money`), or reveals or controls identity
   * and access (`identity`): a role holding one needs a second factor by default (ASVS 6.3.3).
   */
  guards?: 'money' | 'identity';
}

const act = (id: string, page: string, label: string, guards?: 'money' | 'identity'): ActionPermission => ({
  id,
  page,
  label,
  ...(guards ? { guards } : {}),
});

export const ACTIONS = [
  act(
    'staff.manage',
    '/dashboard/manageadmin',
    'Add, edit, deactivate staff and reset passwords',
    'identity',
  ),
  act('invoices.create', '/dashboard/invoice', 'Add and upload invoices'),
  act('distributors.manage', '/dashboard/invoice', 'Add and edit distributors'),
  act('coupon-prints.create', '/dashboard/printCoupon', 'Punch (print) coupons', 'money'),
  act('coupon-batches.generate', '/dashboard/generatecoupon', 'Generate QR codes'),
  act('coupon-allocations.allocate', '/dashboard/coupon-allocation', 'Allocate coupons'),
  act('coupon-allocations.undo', '/dashboard/coupon-allocation', 'Undo an allocation'),
  act('damaged-coupons.report', '/dashboard/damaged-coupon', 'Report damaged coupons'),
  act('damaged-coupons.decide', '/dashboard/damaged-coupon', 'Approve or reject damage reports'),
  act('kyc.decide', '/dashboard/approvals/kyc_verification', 'Claim, approve and reject KYC', 'identity'),
  act('kyc.reveal', '/dashboard/approvals/kyc_verification', 'Reveal full document numbers', 'identity'),
  act('members.decide', '/dashboard/approvals/pending_user', 'Approve or reject pending users'),
  act('members.reapprove', '/dashboard/approvals/rejected_user', 'Re-approve rejected users'),
  act('members.block', '/dashboard/users', 'Block and unblock users'),
  act('channel.attach', '/dashboard/users', 'Attach partners to dealers (one by one or by upload)'),
  act('segments.manage', '/dashboard/users', 'Create, edit and archive member segments'),
  act('adjustments.request', '/dashboard/users', 'Request manual points adjustments', 'money'),
  act('adjustments.decide', '/dashboard/users', 'Approve or reject points adjustments', 'money'),
  act(
    'privacy.handle',
    '/dashboard/users',
    "Answer members' privacy requests and read their data",
    'identity',
  ),
  act(
    'privacy.breaches',
    '/dashboard/users',
    'Record breaches, tell the members affected, report to the Board',
  ),
  act('privacy.retention.request', '/dashboard/users', 'Request the retention period of dormant members'),
  act('privacy.retention.approve', '/dashboard/users', 'Approve or reject the retention period'),
  act('roles.manage', '/dashboard/roles', 'Create, edit and delete roles', 'identity'),
  act('schemes.manage', '/dashboard/scheme', 'Create, edit, cancel and end schemes'),
  act('schemes.approve', '/dashboard/scheme', 'Approve or reject scheme activation'),
  act('points-expiry.request', '/dashboard/scheme', 'Request a points expiry policy'),
  act('points-expiry.approve', '/dashboard/scheme', 'Approve or reject a points expiry policy'),
  act('points-limits.request', '/dashboard/scheme', 'Request caps and redemption limits'),
  act('points-limits.approve', '/dashboard/scheme', 'Approve or reject caps and redemption limits'),
  act('tiers.request', '/dashboard/scheme', 'Request a tier policy'),
  act('tiers.approve', '/dashboard/scheme', 'Approve or reject a tier policy or a tier override'),
  act('tiers.override', '/dashboard/scheme', "Request a change of a member's tier"),
  act('fraud-rules.request', '/dashboard/QrScanHistories', 'Request fraud rules'),
  act('fraud-rules.approve', '/dashboard/QrScanHistories', 'Approve or reject fraud rules'),
  act('scans.review', '/dashboard/QrScanHistories', 'Claim and clear held scans, ask for reversals', 'money'),
  act(
    'scans.review-approve',
    '/dashboard/QrScanHistories',
    'Approve or reject reversals of held scans',
    'money',
  ),
  act('scheme-points.update', '/dashboard/updateSchemePoints', 'Change and upload scheme points'),
  act('referral.configure', '/dashboard/referral', 'Change referral points settings'),
  act('joining-points.configure', '/dashboard/joiningpoints', 'Change joining points settings'),
  act('products.manage', '/dashboard/products/catalogue', 'Add and edit catalogue products'),
  act('gift-vouchers.add', '/dashboard/managecoupon/Coupons', 'Add gift vouchers one by one', 'money'),
  act('gift-vouchers.reveal', '/dashboard/managecoupon/Coupons', 'Reveal voucher PINs', 'money'),
  act('gift-vouchers.upload', '/dashboard/managecoupon/bulk_coupon', 'Upload gift voucher codes', 'money'),
  act('gift-vouchers.retire', '/dashboard/managecoupon/bulk_coupon', 'Void or expire gift vouchers in bulk'),
  act(
    'courier.dispatch',
    '/dashboard/approvals/courier_redemption',
    'Dispatch gifts, mark them delivered or returned',
  ),
  act('rewards.manage', '/dashboard/products/catalogue', 'Add, edit and archive rewards'),
  act('redemptions.decide', '/dashboard/approvals/redemption', 'Approve or reject redemptions', 'money'),
  act(
    'redemptions.pay',
    '/dashboard/approvals/redemption',
    'Mark cash redemptions paid (UTR) or failed',
    'money',
  ),
  act(
    'payouts.prepare',
    '/dashboard/approvals/redemption',
    'Prepare and cancel payout batches of approved cash redemptions',
    'money',
  ),
  act(
    'payouts.release',
    '/dashboard/approvals/redemption',
    'Release a payout batch someone else prepared (money leaves)',
    'money',
  ),
  act('projects.decide', '/dashboard/project_registration', 'Approve or reject projects', 'money'),
  act('projects.configure', '/dashboard/project_registration', 'Change the project bonus points'),
  act('feedback.respond', '/dashboard/feedback', 'Reply to feedback and move its state'),
  act('games.manage', '/dashboard/gamespoints', 'Create, edit and archive games'),
  act('stores.manage', '/dashboard/locator', 'Add, edit, deactivate and upload stores'),
  act('notifications.send', '/dashboard/notifications', 'Compose, schedule, send and cancel notifications'),
  act(
    'messages.templates',
    '/dashboard/notifications',
    "Edit members' message templates (SMS, WhatsApp, push)",
  ),
  act('messages.resend', '/dashboard/notifications', 'Send a failed message to a member again'),
  act('app-versions.update', '/dashboard/update_version', 'Change the app versions (latest, minimum, force)'),
  act('social-links.manage', '/dashboard/mainsettings/socialconnect', 'Add, edit and archive social links'),
  act('documents.manage', '/dashboard/mainsettings/terms', 'Write, publish and archive documents'),
  act(
    'integrations.manage',
    '/dashboard/mainsettings/socialconnect',
    'Ask for service accounts and API keys, rotate and revoke keys (Integrations)',
    'identity',
  ),
  act(
    'integrations.approve',
    '/dashboard/mainsettings/socialconnect',
    'Approve or reject service accounts and API keys another person asked for',
    'identity',
  ),
  act('virtual-room.manage', '/dashboard/mainsettings/virtualroom', 'Add, edit and archive entries'),
  act(
    'webhooks.manage',
    '/dashboard/mainsettings/socialconnect',
    'Add and change webhook subscriptions, send test events and replay deliveries',
  ),
  act('gallery.manage', '/dashboard/media/gallery', 'Add albums and images, reorder and archive them'),
  act('banners.manage', '/dashboard/media/banner', 'Add, edit and archive banners'),
  act('events.manage', '/dashboard/media/event', 'Add, edit and archive events'),
  act('employees.manage', '/dashboard/employee', 'Add, edit, import, deactivate and reactivate employees'),
  act('bdes.manage', '/dashboard/bdeEmployee', 'Add BDEs, change territories, targets and status'),
  act('bdes.password', '/dashboard/bdeEmployee', 'Set or reset BDE field-app passwords', 'identity'),
  act('bdes.assign', '/dashboard/bdeEmployee', 'Assign members to BDEs and move them between BDEs'),
] as const satisfies readonly ActionPermission[];

export type ActionId = (typeof ACTIONS)[number]['id'];

export const ACTION_IDS: readonly string[] = ACTIONS.map((a) => a.id);

const byId = new Map<string, ActionPermission>(ACTIONS.map((a) => [a.id, a]));
export const actionById = (id: string): ActionPermission | undefined => byId.get(id);
export const isAction = (id: string): boolean => byId.has(id);

/** The actions that need a second factor by default: money and identity (`guards`). */
export const GUARDED_ACTIONS: readonly string[] = ACTIONS.filter((a) => 'guards' in a).map((a) => a.id);

/** Whether a role holding these permissions requires a second factor unless set otherwise. */
export const secondFactorByDefault = (permissions: readonly string[]): boolean =>
  permissions.some((p) => GUARDED_ACTIONS.includes(p));

/** The actions of one page, in catalogue order. */
export const actionsOfPage = (page: string): ActionPermission[] => ACTIONS.filter((a) => a.page === page);

/** Actions in `held` whose page is not also in `held`: a role may not act where it cannot look. */
export const actionsWithoutPage = (held: readonly string[]): string[] => {
  const set = new Set(held);
  return held.filter((id) => {
    const a = byId.get(id);
    return a !== undefined && !set.has(a.page);
  });
};
