import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Xoxoday Plum Rewards API (on 127.0.0.1, a random port), speaking its
 * documented requests, answers and errors: `POST /v1/oauth/api` with `Authorization: Bearer <token>`
 * and `{query, tag: "plumProAPI", variables: {data}}`:
 * - `plumProAPI.mutation.placeOrder`: a new `poNumber` makes an order (`vouchers[0]` with
 *   `voucherCode`, `pin`, `validity`), charged from the wallet; a `poNumber` seen before is refused
 *   (400 PLE10001, the order stays the one made first); product 404404 (`unknownProductId`): 404 "Invalid
 *   denomination for the product"; a wallet too low: 422 "Failed to process order";
 * - `plumProAPI.mutation.getOrderDetails` `{poNumber}`: that order, or 404;
 * - `plumProAPI.query.getBalance`: `{points, value, currency: "INR"}`;
 * - another token: 401 PIPE10013 "Plum Pro APIs: Invalid authorization header".
 * `orders(po)` counts the orders made per reference; `loseAnswers(n)` makes the next n placeOrder
 * requests place their order and never answer.
 */
export const XOXODAY_TEST = { accessToken: 'plum-test-token', unknownProductId: 404_404 };

export interface StandInOrder {
  orderId: number;
  poNumber: string;
  productId: number;
  denomination: number;
  vouchers: {
    voucherCode: string;
    pin: string;
    validity: string;
    amount: string;
    currency: string;
    type: string;
  }[];
  amountCharged: number;
}

export interface XoxodayStandIn {
  url: string;
  env: Record<string, string>;
  /** The wallet, in rupees. */
  balance: number;
  byPo: Map<string, StandInOrder>;
  orders(po: string): number;
  placeRequests(po: string): number;
  loseAnswers(count: number): void;
  close(): Promise<void>;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startXoxodayStandIn(): Promise<XoxodayStandIn> {
  const byPo = new Map<string, StandInOrder>();
  const made = new Map<string, number>();
  const placeRequests = new Map<string, number>();
  let lose = 0;
  let seq = 128_600;
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const fail = (res: http.ServerResponse, code: number, errorId: string, errorInfo: string) =>
    send(res, code, { code, errorId, errorInfo, error: errorInfo });
  const shown = (o: StandInOrder) => ({
    orderId: o.orderId,
    vouchers: o.vouchers.map((v) => ({ ...v, orderId: o.orderId, productId: o.productId, country: 'India' })),
    amountCharged: o.amountCharged,
    currencyCode: 'INR',
    discountPercent: 0,
    orderDiscount: 0,
    orderTotal: o.amountCharged,
    orderStatus: 'complete',
    deliveryStatus: 'delivered',
  });

  const standIn: XoxodayStandIn = {
    url: '',
    env: {},
    balance: 100_000,
    byPo,
    orders: (po) => made.get(po) ?? 0,
    placeRequests: (po) => placeRequests.get(po) ?? 0,
    loseAnswers: (count) => {
      lose = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const text = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/oauth/api')
      return fail(res, 404, 'PLE10000', 'The requested URL was not found');
    if (req.headers.authorization !== `Bearer ${XOXODAY_TEST.accessToken}`)
      return fail(res, 401, 'PIPE10013', 'Plum Pro APIs: Invalid authorization header');
    let body: { query?: string; tag?: string; variables?: { data?: Record<string, unknown> } };
    try {
      body = JSON.parse(text);
    } catch {
      return fail(res, 400, 'PLE10001', 'Validation error in place order');
    }
    const data = body.variables?.data ?? {};
    if (body.tag !== 'plumProAPI') return fail(res, 400, 'PLE10001', 'Validation error');
    switch (body.query) {
      case 'plumProAPI.query.getBalance':
        return send(res, 200, {
          data: {
            getBalance: {
              status: 1,
              data: { points: standIn.balance, value: standIn.balance, currency: 'INR' },
            },
          },
        });
      case 'plumProAPI.mutation.getOrderDetails': {
        const order = byPo.get(String(data.poNumber ?? ''));
        if (!order) return fail(res, 404, 'PLE10030', 'No order found for the given poNumber');
        return send(res, 200, { data: { getOrderDetails: { status: 1, data: shown(order) } } });
      }
      case 'plumProAPI.mutation.placeOrder': {
        const po = String(data.poNumber ?? '');
        placeRequests.set(po, (placeRequests.get(po) ?? 0) + 1);
        const productId = Number(data.productId);
        const denomination = Number(data.denomination);
        if (!po || data.quantity !== 1 || !Number.isInteger(denomination) || denomination <= 0)
          return fail(res, 400, 'PLE10001', 'Validation error in place order');
        if (byPo.has(po))
          return fail(res, 400, 'PLE10001', 'Validation error in place order: duplicate poNumber');
        if (productId === XOXODAY_TEST.unknownProductId)
          return fail(res, 404, 'PLE10004', 'Invalid denomination for the product');
        if (standIn.balance < denomination) return fail(res, 422, 'PLE10016', 'Failed to process order');
        standIn.balance -= denomination;
        const orderId = ++seq;
        const order: StandInOrder = {
          orderId,
          poNumber: po,
          productId,
          denomination,
          amountCharged: denomination,
          vouchers: [
            {
              voucherCode: `PLUM${String(orderId).padStart(12, '0')}`,
              pin: `key_${orderId.toString(16)}${po.length}`,
              validity: '2031-03-31',
              amount: String(denomination),
              currency: 'INR',
              type: 'codePin',
            },
          ],
        };
        byPo.set(po, order);
        made.set(po, (made.get(po) ?? 0) + 1);
        if (lose > 0) {
          lose--;
          return; // the order exists; the answer never comes
        }
        return send(res, 200, { data: { placeOrder: { status: 1, data: shown(order) } } });
      }
      default:
        return fail(res, 400, 'PLE10001', 'Validation error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.env = {
    VOUCHER_PROVIDER: 'xoxoday',
    XOXODAY_ACCESS_TOKEN: XOXODAY_TEST.accessToken,
    XOXODAY_PRODUCT_IDS: 'Amazon=15365, Myntra=16010',
    XOXODAY_BASE_URL: standIn.url,
  };
  return standIn;
}
