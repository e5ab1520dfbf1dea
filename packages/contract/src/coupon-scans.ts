import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { text } from './input';
import { idempotencyHeaders } from './member-app';

/** Member scan (PRODUCT.md 3.4) and QR Scan History (`/dashboard/QrScanHistories`). */

export const SCAN_HISTORY_PAGE = '/dashboard/QrScanHistories';
export const SCAN_RESULTS = [
  'success',
  'invalid_code',
  'not_active',
  'already_scanned',
  'expired',
  'damaged',
  'member_not_allowed',
  'rate_limited',
  'daily_cap_reached',
  'monthly_cap_reached',
  'too_many_scans',
  'outside_distributor_state',
  'scans_locked',
  'cluster_refused',
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];
export const SCAN_FLAGS = [
  'too_many_per_hour',
  'outside_distributor_state',
  /** The cluster fraud rule: many members credited from this scan's device (deviceId). */
  'shared_device',
  /** The cluster fraud rule: many members credited within the rule's radius of this scan. */
  'location_cluster',
] as const;
/** The answer's message when a credited scan is held for review (QR Scan History → Review). */
export const SCAN_HELD_MESSAGE = 'Points credited and held for review: redeemable once cleared';
/** Why a scan is held, in the member's words (the app has each in the member's language). */
export const SCAN_FLAG_REASONS: Record<(typeof SCAN_FLAGS)[number], string> = {
  too_many_per_hour: 'many scans in one hour',
  outside_distributor_state: "scanned outside the distributor's state",
  shared_device: 'many members scan from this phone',
  location_cluster: 'many members scan from this place',
};

/** Attempts per member per minute beyond which scans are refused (rate_limited). */
export const SCAN_ATTEMPTS_PER_MINUTE = 30;
/* Successful scans per member per hour: a fraud rule, a setting (contract/fraud-rules.ts). */

export const SCAN_MESSAGES: Record<ScanResult, string> = {
  success: 'Points credited',
  invalid_code: 'This is not a valid coupon code',
  not_active: 'This coupon is not active yet',
  already_scanned: 'This coupon has already been scanned',
  expired: 'This coupon has expired',
  damaged: 'This coupon has been withdrawn',
  member_not_allowed: 'Your account cannot scan coupons (not approved, or blocked)',
  rate_limited: 'Too many scans; wait a minute and try again',
  daily_cap_reached: "You have reached today's limit of points from scans; scan this code again tomorrow",
  monthly_cap_reached:
    "You have reached this month's limit of points from scans; scan this code again next month",
  too_many_scans: 'Too many scans in the last hour; scan this code again later',
  outside_distributor_state: 'This coupon is for another state; it cannot be scanned here',
  scans_locked: 'Scanning is locked after too many invalid codes',
  cluster_refused:
    'Too many members have scanned from this phone or this place; this coupon cannot be scanned here now',
};

export const scanBody = z.object({
  /** The code as scanned (the QR's URL or the code) or typed. */
  code: text(200, { required: 'Code is required', tooLong: 'Code is too long' }),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  /**
   * The state the phone is in, as the app resolves it: stored, never trusted. The fraud rule on the
   * distributor's state uses the state the server decides from latitude and longitude.
   */
  state: text(60).nullish(),
  /**
   * A stable id of the phone the app keeps (the member web app: a random id in localStorage): stored
   * with the attempt and counted by the cluster fraud rule (many members from one device).
   */
  deviceId: text(100, { tooLong: 'Device id is too long' }).nullish(),
});
export type ScanBody = z.infer<typeof scanBody>;

export const scanAnswer = z.object({
  result: z.enum(SCAN_RESULTS),
  message: z.string(),
  points: z.number().int(),
  balance: z.number().int().nullable(),
  serial: z.number().int().nullable(),
  sku: z.string().nullable(),
  productName: z.string().nullable(),
  /** Points of this scan held for review (a fraud rule's `hold`): credited, not redeemable until cleared. */
  heldPoints: z.number().int().optional(),
  /** Why they are held: the fraud rules the scan met (empty when not held). */
  holdRules: z.array(z.enum(SCAN_FLAGS)).optional(),
  /** Codes credited to the member today (IST), this one included; null when this scan credited nothing. */
  todayCodes: z.number().int().nullable().optional(),
  /** When the member's scanning unlocks, after too many invalid codes (ISO time); null when not locked. */
  lockedUntil: z.string().nullable(),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;

export const scanRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  memberId: z.number().int(),
  memberCode: z.string().nullable(),
  memberName: z.string().nullable(),
  code: z.string(),
  couponSerial: z.number().int().nullable(),
  batchId: z.number().int().nullable(),
  sku: z.string().nullable(),
  distributorName: z.string().nullable(),
  result: z.enum(SCAN_RESULTS),
  points: z.number().int().nullable(),
  flags: z.array(z.string()),
  /** What the app said. */
  state: z.string().nullable(),
  /** What the server decided from the coordinates (null without them). */
  geoState: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ScanRow = z.infer<typeof scanRow>;

export const SCAN_FILTERS = [
  'q',
  'result',
  'flag',
  'flagged',
  'memberId',
  'productId',
  'batchId',
  'distributorId',
  'state',
  'from',
  'to',
] as const;

/** The member app's scan: the label's URL or its code, credited once (the Idempotency-Key replays). */
export const couponScanEndpoints = {
  scan: endpoint({
    method: 'POST',
    path: '/app/scan',
    access: { memberWrite: 'scan' },
    tags: ['member app'],
    summary: 'Scan a coupon: credits its points once; every attempt is recorded with its result',
    headers: idempotencyHeaders,
    body: scanBody,
    response: scanAnswer,
  }),
  ...listEndpoints('/admin/coupon-scans', {
    access: { page: SCAN_HISTORY_PAGE },
    row: scanRow,
    tags: ['coupons'],
    summary: 'QR scan history',
  }),
};
