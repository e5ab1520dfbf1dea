import type { VoucherProviderConfig } from '../../config';
import { countProviderError } from '../../lib/metrics';

/**
 * Xoxoday Plum Rewards API (the "Plum Pro" API, v1), over its documented HTTP interface (no SDK):
 * every operation is `POST {base}/v1/oauth/api` with `Authorization: Bearer <access token>` and a body
 * `{query, tag: "plumProAPI", variables: {data}}`:
 * - `plumProAPI.mutation.placeOrder` `{productId, quantity, denomination, email, contact, tag, poNumber,
 *   notifyReceiverEmail, notifyAdminEmail}` answers `{data: {placeOrder: {status: 1, data: {orderId,
 *   vouchers: [{voucherCode, pin, validity, amount, currency, type}], amountCharged, currencyCode,
 *   orderStatus, deliveryStatus}}}}`; `poNumber` is the client's own reference, one per order;
 * - `plumProAPI.mutation.getOrderDetails` `{poNumber}` (or `orderId`) answers the same order;
 * - `plumProAPI.query.getBalance` `{}` answers `{data: {getBalance: {status: 1, data: {points, value,
 *   currency}}}}`.
 * Errors: an HTTP status with `{code, errorId, errorInfo, error}` (e.g. 400 PLE10001 "Validation error
 * in place order", 404 "Invalid denomination for the product", 422 "Failed to process order",
 * 401 PIPE10013 "Invalid authorization header", 502 PLE10023 for the balance).
 */
export type Xoxoday = VoucherProviderConfig;

export interface PlumVoucher {
  voucherCode: string;
  pin?: string | null;
  validity?: string | null;
  amount?: string | number | null;
  currency?: string | null;
  type?: string | null;
}

export interface PlumOrder {
  orderId: number | string;
  vouchers?: PlumVoucher[] | null;
  amountCharged?: number | null;
  currencyCode?: string | null;
  orderStatus?: string | null;
  deliveryStatus?: string | null;
}

/** An answer that is not what was asked: the provider's error, or none at all (a timeout, a reset). */
export class VoucherProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** A 4xx but 429: the request itself is refused; asking again the same way changes nothing. */
    readonly permanent: boolean,
    /** Plum's `errorId` (PLE…), when it sent one. */
    readonly errorId: string | null = null,
  ) {
    super(message);
  }
}

/** One call of the Plum API: the `data.<name>.data` it answered, or a VoucherProviderError. */
async function plumCall<T>(x: Xoxoday, query: string, name: string, data: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${x.baseUrl}/v1/oauth/api`, {
      method: 'POST',
      headers: { authorization: `Bearer ${x.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, tag: 'plumProAPI', variables: { data } }),
      signal: AbortSignal.timeout(x.timeoutMs),
    });
  } catch (error) {
    countProviderError('xoxoday', null);
    throw new VoucherProviderError(`Xoxoday unanswered: ${(error as Error).name}`, null, false);
  }
  const text = await res.text();
  let body: {
    data?: Record<string, { status?: number; data?: unknown } | undefined>;
    errorId?: string;
    errorInfo?: string;
    error?: string;
  } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): reported by its status below.
  }
  const answer = body.data?.[name];
  if (!res.ok || answer?.status !== 1 || answer.data == null) {
    countProviderError('xoxoday', res.status);
    const reason = body.errorInfo ?? body.error ?? `HTTP ${res.status}`;
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408;
    throw new VoucherProviderError(
      `Xoxoday: ${reason}${body.errorId ? ` (${body.errorId})` : ''}`,
      res.status,
      permanent,
      body.errorId ?? null,
    );
  }
  return answer.data as T;
}

export interface PlaceOrder {
  productId: number;
  denominationRupees: number;
  poNumber: string;
}

export const placeOrder = (x: Xoxoday, o: PlaceOrder) =>
  plumCall<PlumOrder>(x, 'plumProAPI.mutation.placeOrder', 'placeOrder', {
    productId: o.productId,
    quantity: 1,
    denomination: o.denominationRupees,
    email: '',
    contact: '',
    tag: 'loyalty-redemption',
    poNumber: o.poNumber,
    // The member gets the voucher from us (the app and the `voucher.issued` message), not from Plum.
    notifyReceiverEmail: 0,
    notifyAdminEmail: 0,
  });

/** The order placed under our reference, or null when Plum has none (404 / "no order found"). */
export async function orderByPoNumber(x: Xoxoday, poNumber: string): Promise<PlumOrder | null> {
  try {
    return await plumCall<PlumOrder>(x, 'plumProAPI.mutation.getOrderDetails', 'getOrderDetails', {
      poNumber,
      sendMailToReceiver: 0,
    });
  } catch (error) {
    if (error instanceof VoucherProviderError && error.status === 404) return null;
    throw error;
  }
}

export const getBalance = (x: Xoxoday) =>
  plumCall<{ points?: number; value: number; currency: string }>(
    x,
    'plumProAPI.query.getBalance',
    'getBalance',
    {},
  );
