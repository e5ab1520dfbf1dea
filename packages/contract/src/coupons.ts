/**
 * Coupon codes (PRODUCT.md 3.3): 12 characters of Crockford base-32 — 11 random plus 1 check
 * character — shown as XXXX-XXXX-XXXX. Shared by the server (generation, scan), the web (typed
 * codes) and the member app API.
 *
 * Check character: Luhn mod N with N = 32 over the Crockford values. Every single-character error
 * changes it (doubling-and-folding is a permutation for even N), as do most adjacent swaps. We keep
 * the check inside the 32-symbol alphabet instead of Crockford's mod-37 symbols (`*~$=U`), which
 * cannot be typed reliably from a label and would not be a base-32 character.
 */

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 12;
export const RANDOM_LENGTH = CODE_LENGTH - 1;

const VALUE = new Map<string, number>([...CROCKFORD].map((c, i) => [c, i]));

/** The Luhn mod-32 check character of the 11 random characters. */
export function checkCharacter(body: string): string {
  let sum = 0;
  // Rightmost body character is doubled first, as in Luhn: the check digit sits to its right.
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    let v = VALUE.get(body[i]!);
    if (v === undefined) throw new Error(`Not a Crockford character: ${body[i]}`);
    if (double) {
      v *= 2;
      v = Math.floor(v / 32) + (v % 32);
    }
    sum += v;
  }
  return CROCKFORD[(32 - (sum % 32)) % 32]!;
}

/**
 * What a person typed or a scanner read, as the stored 12-character code: upper case, separators
 * and spaces removed, and Crockford's look-alikes read as digits (I, L → 1; O → 0). Also accepts a
 * scan URL ending in `/q/<code>`.
 */
export function normaliseCode(raw: string): string {
  const tail = /\/q\/([^/?#]+)/.exec(raw)?.[1] ?? raw;
  return tail.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** The stored code when `raw` is a well-formed code with a correct check character, else null. */
export function parseCode(raw: string): string | null {
  const code = normaliseCode(raw);
  if (code.length !== CODE_LENGTH) return null;
  for (const c of code) if (!VALUE.has(c)) return null;
  return checkCharacter(code.slice(0, RANDOM_LENGTH)) === code[RANDOM_LENGTH] ? code : null;
}

export const isValidCode = (raw: string): boolean => parseCode(raw) !== null;

/** XXXX-XXXX-XXXX. */
export const formatCode = (code: string): string =>
  `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;

/** What the QR on a label encodes. */
export const scanUrl = (baseUrl: string, code: string): string => `${baseUrl.replace(/\/+$/, '')}/q/${code}`;

/**
 * Stored states. `expired` is never stored: a coupon is expired when its batch's expiry date has
 * passed and it is neither scanned nor damaged, so it can never disagree with the date.
 */
export const STORED_COUPON_STATUSES = ['generated', 'printed', 'active', 'scanned', 'damaged'] as const;
export const COUPON_STATUSES = [...STORED_COUPON_STATUSES, 'expired'] as const;
export type StoredCouponStatus = (typeof STORED_COUPON_STATUSES)[number];
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * The one set of names for coupon states, used by the dashboard, the summary and the stock pages,
 * which all count them the same way (coupon-stock.repository.ts: ready batches, expiry applied).
 */
export const COUPON_STATE_LABELS: Record<CouponStatus, string> = {
  generated: 'Awaiting print',
  printed: 'In stock',
  active: 'Active',
  scanned: 'Scanned',
  damaged: 'Damaged',
  expired: 'Expired',
};
