import { createSign } from 'node:crypto';
import type { FcmConfig } from '../../config';
import { call, retryAfterOf, retryableStatus, SendError } from './sms-providers';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The service account's OAuth2 JWT bearer assertion (RFC 7523), signed RS256 with its private key. */
export function serviceAccountAssertion(config: FcmConfig, nowSeconds = Math.floor(Date.now() / 1000)) {
  const header = { alg: 'RS256', typ: 'JWT', ...(config.privateKeyId ? { kid: config.privateKeyId } : {}) };
  const claims = {
    iss: config.clientEmail,
    scope: SCOPE,
    aud: config.tokenUrl,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
  };
  const unsigned = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(config.privateKey);
  return `${unsigned}.${b64url(signature)}`;
}

/** FCM says the token will never work again: the device is forgotten. */
export class DeadTokenError extends SendError {
  constructor(message: string) {
    super(message, false);
  }
}

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/**
 * FCM HTTP v1: `POST {base}/v1/projects/{project}/messages:send` with an OAuth2 access token got by
 * the service account's signed JWT (cached until five minutes before it expires; refreshed once on
 * a 401). Answers `{name: "projects/…/messages/…"}`; errors as `{error: {code, status, message,
 * details: [{errorCode}]}}` — UNREGISTERED or INVALID_ARGUMENT mean the token is dead.
 */
export class FcmSender {
  readonly name = 'fcm';
  private token: { value: string; until: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly sendUrl: string;
  constructor(
    private readonly config: FcmConfig,
    private readonly timeoutMs: number,
  ) {
    this.sendUrl = `${config.baseUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.until) return this.token.value;
    // One exchange at a time: every concurrent send waits for the same token.
    this.pending ??= this.exchange().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async exchange(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: serviceAccountAssertion(this.config),
    });
    const { res, body } = await call(
      'fcm oauth',
      this.config.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      this.timeoutMs,
    );
    const answer = (body ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!res.ok || typeof answer.access_token !== 'string')
      throw new SendError(
        `fcm oauth: HTTP ${res.status}: ${JSON.stringify(answer.error ?? body)}`.slice(0, 300),
        retryableStatus(res.status),
      );
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    this.token = { value: answer.access_token, until: Date.now() + Math.max(seconds - 300, 30) * 1000 };
    return answer.access_token;
  }

  async send(message: PushMessage): Promise<{ providerMessageId: string }> {
    for (let attempt = 1; ; attempt++) {
      const { res, body } = await call(
        'fcm',
        this.sendUrl,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await this.accessToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            message: {
              token: message.token,
              notification: { title: message.title, body: message.body },
              data: message.data,
            },
          }),
        },
        this.timeoutMs,
      );
      const answer = (body ?? {}) as {
        name?: unknown;
        error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
      };
      if (res.ok && typeof answer.name === 'string') return { providerMessageId: answer.name };
      if (res.status === 401 && attempt === 1) {
        this.token = null;
        continue;
      }
      const code = answer.error?.details?.find((d) => d.errorCode)?.errorCode ?? answer.error?.status;
      const reason = `fcm: HTTP ${res.status}: ${code ?? ''} ${answer.error?.message ?? ''}`.slice(0, 300);
      if (code === 'UNREGISTERED' || code === 'INVALID_ARGUMENT') throw new DeadTokenError(reason);
      throw new SendError(reason, retryableStatus(res.status), retryAfterOf(res.headers.get('retry-after')));
    }
  }
}
