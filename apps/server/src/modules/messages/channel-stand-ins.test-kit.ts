import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of WhatsApp's Cloud API and of FCM HTTP v1 with Google's OAuth2 token endpoint,
 * speaking their documented requests, answers and error bodies. No test reaches the internet.
 *
 * - WhatsApp: `POST /{phone-number-id}/messages`, `Authorization: Bearer <token>`, a `template`
 *   message; `{messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid.…"}]}`; errors
 *   `{error: {message, type: "OAuthException", code, fbtrace_id}}` (190 bad token, 132001 no such template).
 * - OAuth2: `POST /token` form `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>`,
 *   the JWT verified (RS256, the service account's key, iss/aud/scope); `{access_token, expires_in, token_type}`.
 * - FCM: `POST /v1/projects/{project}/messages:send` with the bearer; `{name: "projects/…/messages/…"}`;
 *   errors `{error: {code, message, status, details: [{"@type": "…FcmError", errorCode}]}}`.
 */
export const WHATSAPP_TEST = {
  token: 'wa-test-token',
  phoneNumberId: '109876543210',
  appSecret: 'wa-app-secret',
};

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const FCM_PROJECT = 'action-tesa-test';
export const serviceAccount = (tokenUrl: string) =>
  JSON.stringify({
    type: 'service_account',
    project_id: FCM_PROJECT,
    private_key_id: 'kid-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'push@action-tesa-test.iam.gserviceaccount.com',
    token_uri: tokenUrl,
  });

export interface Request {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface ChannelStandIn {
  url: string;
  requests: Request[];
  /** Tokens FCM answers UNREGISTERED for. */
  deadTokens: Set<string>;
  tokensIssued: number;
  close(): Promise<void>;
}

const reply = (res: http.ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function verifyJwt(jwt: string, audience: string): boolean {
  const [h, c, s] = jwt.split('.');
  if (!h || !c || !s) return false;
  const ok = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'));
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  return (
    ok &&
    header.alg === 'RS256' &&
    claims.iss === 'push@action-tesa-test.iam.gserviceaccount.com' &&
    claims.aud === audience &&
    claims.scope === 'https://www.googleapis.com/auth/firebase.messaging' &&
    claims.exp > Date.now() / 1000
  );
}

export async function startChannelStandIn(): Promise<ChannelStandIn> {
  const requests: Request[] = [];
  const deadTokens = new Set<string>();
  const issued = new Set<string>();
  const state = { tokensIssued: 0 };
  let base = '';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const body = form ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : {};
      requests.push({ path, headers: req.headers, body });
      if (path === '/token') {
        if (
          body.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
          !verifyJwt(String(body.assertion), `${base}/token`)
        )
          return reply(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        const token = `ya29.${randomBytes(12).toString('hex')}`;
        issued.add(token);
        state.tokensIssued++;
        return reply(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (path === `/v1/projects/${FCM_PROJECT}/messages:send`) {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!issued.has(bearer))
          return reply(res, 401, {
            error: {
              code: 401,
              message: 'Request had invalid authentication credentials.',
              status: 'UNAUTHENTICATED',
            },
          });
        const token = (body.message as { token?: string } | undefined)?.token ?? '';
        if (deadTokens.has(token))
          return reply(res, 404, {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          });
        return reply(res, 200, {
          name: `projects/${FCM_PROJECT}/messages/${randomBytes(8).toString('hex')}`,
        });
      }
      if (path === `/${WHATSAPP_TEST.phoneNumberId}/messages`) {
        if (req.headers.authorization !== `Bearer ${WHATSAPP_TEST.token}`)
          return reply(res, 401, {
            error: {
              message: 'Invalid OAuth access token.',
              type: 'OAuthException',
              code: 190,
              fbtrace_id: 'A1',
            },
          });
        const to = String(body.to);
        return reply(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.${randomBytes(10).toString('hex')}` }],
        });
      }
      reply(res, 404, { error: { message: 'Unknown path', code: 404 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    deadTokens,
    get tokensIssued() {
      return state.tokensIssued;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
