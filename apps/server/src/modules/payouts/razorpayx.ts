import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PayoutsConfig } from '../../config';
import { countProviderError } from '../../lib/metrics';

/**
 * RazorpayX Payouts over its documented HTTP API (no SDK):
 * - `POST /payouts` (composite: the fund account and its contact inline), HTTP basic auth with the
 *   key id and secret, header `X-Payout-Idempotency`: the same key answers the same payout, never a
 *   second one;
 * - `GET /payouts/:id` for the status of one (polling);
 * - webhooks `payout.*` whose `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body under
 *   the webhook secret.
 * Statuses: queued, pending, processing, processed, reversed, cancelled, rejected, failed.
 */
export type RazorpayX = NonNullable<PayoutsConfig['razorpayx']>;

export type FundAccount =
  | { account_type: 'bank_account'; bank_account: { name: string; ifsc: string; account_number: string } }
  | { account_type: 'vpa'; vpa: { address: string } };

export interface PayoutRequest {
  idempotencyKey: string;
  amountPaise: number;
  mode: string;
  referenceId: string;
  narration: string;
  contact: { name: string; reference_id: string; contact?: string };
  fundAccount: FundAccount;
}

export interface PayoutEntity {
  id: string;
  status: string;
  utr: string | null;
  reference_id?: string | null;
  failure_reason?: string | null;
  status_details?: { description?: string | null; reason?: string | null } | null;
}

/** An answer that is not a payout: the provider's error, or nothing (a timeout, a reset). */
export class PayoutApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** 4xx but 429: the request itself is wrong; sending it again changes nothing. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const auth = (x: RazorpayX) => `Basic ${Buffer.from(`${x.keyId}:${x.keySecret}`).toString('base64')}`;

/** One request to RazorpayX: the entity answered, or a PayoutApiError (its error, or none). */
export async function razorpayxCall<T extends { id: string }>(
  x: RazorpayX,
  timeoutMs: number,
  path: string,
  init: RequestInit,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${x.baseUrl}${path}`, {
      ...init,
      headers: { authorization: auth(x), 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    countProviderError('razorpayx', null);
    throw new PayoutApiError(`RazorpayX unanswered: ${(error as Error).name}`, null, false);
  }
  const text = await res.text();
  let body: { error?: { description?: string; code?: string }; id?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // An answer that is not JSON (a proxy's page): reported by its status below.
  }
  if (!res.ok || typeof body.id !== 'string') {
    countProviderError('razorpayx', res.status);
    const reason = body.error?.description ?? `HTTP ${res.status}`;
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 409;
    throw new PayoutApiError(`RazorpayX: ${reason}`, res.status, permanent);
  }
  return body as unknown as T;
}

/** Creates (or, under the same idempotency key, finds again) the payout of one line. */
export const createPayout = (x: RazorpayX, timeoutMs: number, p: PayoutRequest) =>
  razorpayxCall<PayoutEntity>(x, timeoutMs, '/payouts', {
    method: 'POST',
    headers: { 'X-Payout-Idempotency': p.idempotencyKey },
    body: JSON.stringify({
      account_number: x.accountNumber,
      amount: p.amountPaise,
      currency: 'INR',
      mode: p.mode,
      purpose: 'payout',
      fund_account: { ...p.fundAccount, contact: { ...p.contact, type: 'customer' } },
      queue_if_low_balance: true,
      reference_id: p.referenceId,
      narration: p.narration,
    }),
  });

export const fetchPayout = (x: RazorpayX, timeoutMs: number, id: string) =>
  razorpayxCall<PayoutEntity>(x, timeoutMs, `/payouts/${encodeURIComponent(id)}`, { method: 'GET' });

export const razorpaySignature = (secret: string, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Whether the webhook's signature is the HMAC of exactly these bytes (constant-time compare). */
export function validSignature(secret: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(razorpaySignature(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Our line status for a RazorpayX payout status (null: not final, nothing to record but "pending"). */
export function lineStatusOf(providerStatus: string): 'pending' | 'processed' | 'failed' | 'reversed' {
  switch (providerStatus) {
    case 'processed':
      return 'processed';
    case 'reversed':
      return 'reversed';
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return 'failed';
    default:
      return 'pending';
  }
}

export const failureOf = (p: PayoutEntity): string =>
  p.status_details?.description ?? p.failure_reason ?? `Payout ${p.status}`;
