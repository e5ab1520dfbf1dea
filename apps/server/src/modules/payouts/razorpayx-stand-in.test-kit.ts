import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { razorpaySignature } from './razorpayx';

/**
 * A local stand-in of RazorpayX Payouts (on 127.0.0.1, a random port), speaking its documented API:
 * - `POST /payouts` (composite), HTTP basic auth; `X-Payout-Idempotency`: a key seen before answers
 *   the payout it made then (never a second one); a new key makes a payout `processing`
 *   (`pout_…`, `reference_id`, `utr: null`). Errors: 401 `{error: {code: BAD_REQUEST_ERROR,
 *   description: "The api key provided is invalid"}}`, 400 for a body without amount or fund account.
 * - `GET /payouts/:id`: the payout as it stands.
 * - `settle(id, status)` moves a payout on (processed with a UTR, failed, reversed) and builds the
 *   webhook RazorpayX would post: its raw body and `X-Razorpay-Signature`.
 * `created(key)` counts the payouts made per idempotency key; `requests(key)` the requests.
 */
export const RAZORPAYX_TEST = {
  keyId: 'rzp_test_payouts',
  keySecret: 'rzp-test-secret',
  accountNumber: '2323230000000000',
  webhookSecret: 'rzp-webhook-secret',
};

export interface StandInPayout {
  id: string;
  entity: 'payout';
  amount: number;
  currency: 'INR';
  mode: string;
  purpose: string;
  status: string;
  utr: string | null;
  reference_id: string;
  narration: string;
  fund_account: Record<string, unknown>;
  status_details: { description: string | null; reason: string | null; source: string | null };
  created_at: number;
}

export interface RazorpayxStandIn {
  url: string;
  env: Record<string, string>;
  payouts: Map<string, StandInPayout>;
  created(key: string): number;
  requests(key: string): number;
  /** The next create requests make their payout and then never answer (a lost answer). */
  loseAnswers(count: number): void;
  settle(id: string, status: 'processed' | 'failed' | 'reversed'): { body: string; signature: string };
  /** Fund account validation: the name the bank holds per account number (null: no such account). */
  bankNames: Map<string, string | null>;
  /** VPA validation: the name each UPI id is registered to (null, or absent: no such UPI id). */
  vpaNames: Map<string, string | null>;
  close(): Promise<void>;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startRazorpayxStandIn(): Promise<RazorpayxStandIn> {
  const byKey = new Map<string, string>();
  const created = new Map<string, number>();
  const requests = new Map<string, number>();
  const payouts = new Map<string, StandInPayout>();
  let lose = 0;
  const bankNames = new Map<string, string | null>();
  const vpaNames = new Map<string, string | null>();
  const validations = new Map<string, Record<string, unknown>>();
  let seq = 0;
  let utrSeq = 0;
  const expectedAuth = `Basic ${Buffer.from(`${RAZORPAYX_TEST.keyId}:${RAZORPAYX_TEST.keySecret}`).toString('base64')}`;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, description: string) =>
    send(res, status, {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: null },
    });

  const server = http.createServer(async (req, res) => {
    const text = await readBody(req);
    if (req.headers.authorization !== expectedAuth) return error(res, 401, 'The api key provided is invalid');
    const getMatch = /^\/payouts\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && getMatch) {
      const payout = payouts.get(decodeURIComponent(getMatch[1]!));
      return payout ? send(res, 200, payout) : error(res, 400, 'The id provided does not exist');
    }
    const validation = /^\/fund_accounts\/validations\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && validation) {
      const v = validations.get(decodeURIComponent(validation[1]!));
      if (!v) return error(res, 400, 'The id provided does not exist');
      // Penny drop done: the bank's answer is in (completed with the holder's name, or invalid).
      const account = String(v.account);
      const holder = bankNames.has(account) ? bankNames.get(account)! : 'UNKNOWN HOLDER';
      const { account: _a, ...shown } = v;
      return send(res, 200, {
        ...shown,
        status: 'completed',
        results:
          holder === null
            ? { account_status: 'invalid', registered_name: null }
            : { account_status: 'active', registered_name: holder },
        utr: holder === null ? null : `VAL${String(++utrSeq).padStart(9, '0')}`,
      });
    }
    if (req.method === 'POST' && req.url === '/fund_accounts/validations') {
      const body = JSON.parse(text || '{}') as {
        account_number?: string;
        fund_account?: {
          account_type?: string;
          bank_account?: { account_number?: string; ifsc?: string };
          vpa?: { address?: string };
        };
      };
      if (body.fund_account?.account_type === 'vpa') {
        // A VPA is validated at once: completed with the registered name, or invalid.
        const address = body.fund_account.vpa?.address;
        if (body.account_number !== RAZORPAYX_TEST.accountNumber || !address || !address.includes('@'))
          return error(res, 400, 'The fund account validation request is invalid');
        const holder = vpaNames.get(address) ?? null;
        const v = {
          id: `fav_${(++seq).toString(36).padStart(14, '0')}`,
          entity: 'fund_account.validation',
          fund_account: { account_type: 'vpa', vpa: { address } },
          status: 'completed',
          results:
            holder === null
              ? { account_status: 'invalid', registered_name: null }
              : { account_status: 'active', registered_name: holder },
          utr: null,
        };
        return send(res, 200, v);
      }
      const account = body.fund_account?.bank_account?.account_number;
      if (
        body.account_number !== RAZORPAYX_TEST.accountNumber ||
        !account ||
        !body.fund_account?.bank_account?.ifsc
      )
        return error(res, 400, 'The fund account validation request is invalid');
      const v = {
        id: `fav_${(++seq).toString(36).padStart(14, '0')}`,
        entity: 'fund_account.validation',
        status: 'created',
        amount: 100,
        currency: 'INR',
        results: { account_status: null, registered_name: null },
        utr: null,
        account,
      };
      validations.set(v.id, v);
      const { account: _a, ...shown } = v;
      return send(res, 200, shown);
    }
    if (req.method !== 'POST' || req.url !== '/payouts')
      return error(res, 404, 'The requested URL was not found');
    const key = req.headers['x-payout-idempotency'];
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    if (typeof key === 'string') requests.set(key, (requests.get(key) ?? 0) + 1);
    if (typeof body.amount !== 'number' || body.amount < 100 || !body.fund_account)
      return error(res, 400, 'The amount must be atleast INR 1.00');
    if (body.account_number !== RAZORPAYX_TEST.accountNumber)
      return error(res, 400, 'The account number is invalid');
    let id = typeof key === 'string' ? byKey.get(key) : undefined;
    if (!id) {
      id = `pout_${(++seq).toString(36).padStart(14, '0')}`;
      if (typeof key === 'string') {
        byKey.set(key, id);
        created.set(key, (created.get(key) ?? 0) + 1);
      }
      payouts.set(id, {
        id,
        entity: 'payout',
        amount: body.amount,
        currency: 'INR',
        mode: String(body.mode),
        purpose: String(body.purpose),
        status: 'processing',
        utr: null,
        reference_id: String(body.reference_id ?? ''),
        narration: String(body.narration ?? ''),
        fund_account: body.fund_account as Record<string, unknown>,
        status_details: { description: null, reason: null, source: null },
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    if (lose > 0) {
      lose--;
      return; // never answers: the client gives up, the payout exists
    }
    send(res, 200, payouts.get(id));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      RAZORPAYX_KEY_ID: RAZORPAYX_TEST.keyId,
      RAZORPAYX_KEY_SECRET: RAZORPAYX_TEST.keySecret,
      RAZORPAYX_ACCOUNT_NUMBER: RAZORPAYX_TEST.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: RAZORPAYX_TEST.webhookSecret,
      RAZORPAYX_BASE_URL: url,
    },
    payouts,
    bankNames,
    vpaNames,
    created: (key) => created.get(key) ?? 0,
    requests: (key) => requests.get(key) ?? 0,
    loseAnswers: (count) => {
      lose = count;
    },
    settle(id, status) {
      const payout = payouts.get(id)!;
      payout.status = status;
      if (status === 'processed') payout.utr = `UTIBR${String(++utrSeq).padStart(11, '0')}`;
      if (status !== 'processed')
        payout.status_details = {
          description: status === 'reversed' ? 'Beneficiary account is closed' : 'Invalid IFSC code',
          reason: status === 'reversed' ? 'beneficiary_account_closed' : 'invalid_ifsc_code',
          source: 'beneficiary_bank',
        };
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_standin',
        event: `payout.${status}`,
        contains: ['payout'],
        payload: { payout: { entity: payout } },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: razorpaySignature(RAZORPAYX_TEST.webhookSecret, body) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
