import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the SMS providers' HTTP APIs, on 127.0.0.1 and a random port, speaking their
 * documented requests and answers (errors included). Tests point MSG91_BASE_URL / TWILIO_BASE_URL here;
 * no test reaches the internet.
 *
 * - Twilio Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth
 *   (account sid, auth token), form body To/From/Body[/StatusCallback]; 201 with the Message resource
 *   (`sid` SM…, `status: queued`); errors `{code, message, more_info, status}` (20003 authenticate,
 *   21211 invalid To, 21604 missing Body, 20429 too many requests, 20500 internal error).
 * - MSG91 SMS API: `POST /api/v2/sendsms`, header `authkey`, JSON {sender, route, country, unicode,
 *   DLT_TE_ID, sms: [{message, to: [...]}]}; `{type: "success", message: <request id>}` or
 *   `{type: "error", message}`.
 */
export type Behaviour =
  | 'ok'
  | { status: number; retryAfter?: string }
  /** Never answers (until the client gives up): a timeout. */
  | 'hang';

export interface Received {
  provider: 'twilio' | 'msg91';
  to: string;
  text: string;
  /** Everything the request carried (form fields or JSON). */
  fields: Record<string, unknown>;
  /** The id the stand-in answered with; null when it answered an error or nothing. */
  id: string | null;
}

export interface StandIn {
  url: string;
  /** Every request that reached the stand-in, answered or not. */
  requests: Received[];
  /** The messages it accepted (answered with an id). */
  accepted(): Received[];
  /** The next requests get these behaviours in order, then `ok` again. */
  script(...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

export const TWILIO_TEST = {
  sid: 'AC0123456789abcdef0123456789abcdef',
  token: 'twilio-test-token',
  from: '+15005550006',
};
export const TWILIO_TEST_ENV = {
  SMS_SENDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_TEST.sid,
  TWILIO_AUTH_TOKEN: TWILIO_TEST.token,
  TWILIO_FROM: TWILIO_TEST.from,
};
export const MSG91_TEST = { authKey: 'msg91-test-key', sender: 'ACTTSA', entity: '1201159100000000001' };

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

function send(res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const twilioError = (code: number, message: string, status: number) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export async function startSmsStandIn(provider: 'twilio' | 'msg91'): Promise<StandIn> {
  const requests: Received[] = [];
  const plan: Behaviour[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    const behaviour = plan.shift() ?? 'ok';
    const record: Received = { provider, to: '', text: '', fields: {}, id: null };
    if (provider === 'twilio') {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match)
        return send(res, 404, twilioError(20404, 'The requested resource was not found', 404));
      const auth = Buffer.from(`${TWILIO_TEST.sid}:${TWILIO_TEST.token}`).toString('base64');
      if (req.headers.authorization !== `Basic ${auth}` || match[1] !== TWILIO_TEST.sid)
        return send(res, 401, twilioError(20003, 'Authenticate', 401));
      const form = new URLSearchParams(raw);
      record.fields = Object.fromEntries(form);
      record.to = form.get('To') ?? '';
      record.text = form.get('Body') ?? '';
      requests.push(record);
      if (behaviour === 'hang') return void hanging.add(res);
      if (behaviour !== 'ok') {
        const code = behaviour.status === 429 ? 20429 : 20500;
        const message = behaviour.status === 429 ? 'Too Many Requests' : 'Internal Server Error';
        return send(
          res,
          behaviour.status,
          twilioError(code, message, behaviour.status),
          behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {},
        );
      }
      if (!/^\+[1-9]\d{7,14}$/.test(record.to))
        return send(
          res,
          400,
          twilioError(21211, `The 'To' number ${record.to} is not a valid phone number.`, 400),
        );
      if (!record.text) return send(res, 400, twilioError(21604, "A 'Body' parameter is required.", 400));
      record.id = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      return send(res, 201, {
        account_sid: TWILIO_TEST.sid,
        api_version: '2010-04-01',
        body: record.text,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.get('From'),
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: record.id,
        status: 'queued',
        to: record.to,
        uri: `/2010-04-01/Accounts/${TWILIO_TEST.sid}/Messages/${record.id}.json`,
      });
    }
    // MSG91
    if (req.method !== 'POST' || req.url !== '/api/v2/sendsms')
      return send(res, 404, { type: 'error', message: 'Not found' });
    if (req.headers.authkey !== MSG91_TEST.authKey)
      return send(res, 401, { type: 'error', message: 'Authentication failure', code: '418' });
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, { type: 'error', message: 'Invalid JSON' });
    }
    const sms = (body.sms as { message?: string; to?: string[] }[] | undefined)?.[0];
    record.fields = body;
    record.to = sms?.to?.[0] ?? '';
    record.text = sms?.message ?? '';
    requests.push(record);
    if (behaviour === 'hang') return void hanging.add(res);
    if (behaviour !== 'ok')
      return send(
        res,
        behaviour.status,
        { type: 'error', message: behaviour.status === 429 ? 'Too many requests' : 'Internal server error' },
        behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {},
      );
    if (body.sender !== MSG91_TEST.sender)
      return send(res, 200, { type: 'error', message: 'Invalid sender id' });
    if (typeof body.DLT_TE_ID !== 'string' || !/^\d{19}$/.test(body.DLT_TE_ID))
      return send(res, 200, { type: 'error', message: 'DLT template id is missing or invalid' });
    if (!/^\d{10}$/.test(record.to) || !record.text)
      return send(res, 200, { type: 'error', message: 'Please enter valid mobile number and message' });
    record.id = randomBytes(12).toString('hex');
    return send(res, 200, { type: 'success', message: record.id });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted: () => requests.filter((r) => r.id !== null),
    script: (...behaviours) => {
      plan.push(...behaviours);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
