import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProviderConfig } from '../../config';
import { countProviderError } from '../../lib/metrics';
import { LogSmsSender, type SmsDetails, type SmsSender, type SmsSent } from '../../lib/sms';

/**
 * A provider refused or could not take a message. `retryable`: a timeout, a network failure, 5xx or
 * 429 (try again later, after `retryAfterMs` when the provider said so); otherwise the message is
 * wrong for good (bad number, unregistered template, bad credentials) and is marked failed.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const retryableStatus = (status: number) => status === 429 || status === 408 || status >= 500;

/** A provider request: every provider is sent a text body (JSON or a form) with plain headers. */
export interface ProviderRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** What the senders read of an answer (the subset of fetch's Response they use). */
export interface ProviderAnswer {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
}

// One keep-alive pool per scheme for every provider: a connection is reused by the next send to the
// same host (no TCP or TLS handshake per message), and as many are opened as sends run at once.
const agents = {
  'http:': new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 }),
  'https:': new https.Agent({ keepAlive: true, keepAliveMsecs: 10_000 }),
};

/** A provider's URLs are few (one per endpoint): parsed once, not once per message. */
const urls = new Map<string, URL>();
function parsedUrl(url: string): URL {
  let parsed = urls.get(url);
  if (!parsed) {
    if (urls.size >= 64) urls.clear();
    parsed = new URL(url);
    urls.set(url, parsed);
  }
  return parsed;
}

/** The answer's headers, read the way fetch's Headers are (a repeated header joined by commas). */
class AnswerHeaders {
  constructor(private readonly headers: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
}

/** A call under way, settled once: by its answer, or by `fail` (a timeout, a network error, a cut). */
class CallUnderWay {
  settled = false;
  deadline: NodeJS.Timeout | undefined;
  request: http.ClientRequest | undefined;
  constructor(
    private readonly provider: string,
    private readonly reject: (error: SendError) => void,
  ) {}

  fail(message: string) {
    if (!this.settle()) return;
    countProviderError(this.provider, null);
    this.request?.destroy();
    this.reject(new SendError(`${this.provider}: ${message}`, true));
  }

  /** Whether this settles it (false once it is settled). */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.deadline);
    return true;
  }
}

/**
 * One HTTP call with a deadline; network failures and timeouts become retryable SendErrors. On
 * node:http with the keep-alive agents rather than fetch: the outbox makes a million of these, and
 * fetch spends more of the event loop per call than the rest of the send (a Request cloned and its
 * body teed, an AbortSignal made transferable per deadline); here the deadline is one timer.
 * No closure here is bound to a name: tsx names each such closure as it is made (a defineProperty),
 * and the outbox makes a million calls.
 */
export function call(
  provider: string,
  url: string,
  init: ProviderRequest,
  timeoutMs: number,
): Promise<{ res: ProviderAnswer; body: unknown }> {
  const target = parsedUrl(url);
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const client = target.protocol === 'https:' ? https : http;
  // The body stays a string: Node then sends it in one write with the request's head (a Buffer goes
  // as a second chunk, a writev, a costlier system call per message).
  const payload = init.body;
  return new Promise((resolve, reject) => {
    const underWay = new CallUnderWay(provider, reject);
    underWay.deadline = setTimeout(() => underWay.fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    underWay.request = client.request(
      target,
      {
        method: init.method,
        agent,
        headers:
          payload === undefined
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(payload)) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => underWay.fail(`the answer was cut off (HTTP ${status})`));
        res.on('close', () => {
          if (!res.complete) underWay.fail(`the answer was cut off (HTTP ${status})`);
        });
        res.on('end', () => {
          if (!underWay.settle()) return;
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = text.slice(0, 200);
          }
          const headers = new AnswerHeaders(res.headers);
          if (status >= 400) countProviderError(provider, status);
          resolve({ res: { ok: status >= 200 && status < 300, status, headers }, body });
        });
      },
    );
    underWay.request.on('error', (error) => underWay.fail(error.message));
    underWay.request.end(payload);
  });
}

/** Text beyond 7-bit ASCII (Devanagari, ₹) needs a Unicode SMS. */
export const needsUnicode = (text: string) => /[^\x20-\x7e\n]/.test(text);

/**
 * MSG91's SMS API for India (`POST /api/v2/sendsms`, header `authkey`): transactional route 4,
 * the DLT-registered sender id, the text as registered with DLT and its DLT template id
 * (`DLT_TE_ID`), with the principal entity id (`PE_ID`). Answers `{type: "success", message:
 * <request id>}`, or `{type: "error", message}`.
 */
export class Msg91SmsSender implements SmsSender {
  readonly name = 'msg91';
  constructor(
    private readonly config: Extract<SmsProviderConfig, { sender: 'msg91' }>,
    private readonly timeoutMs: number,
  ) {}

  dltTemplateIdOf(details: SmsDetails): string | null {
    const ids = this.config.dltTemplateIds;
    const fromEnv =
      ids[`${details.templateKey}.${details.language}`] ??
      (details.language === 'en' ? ids[details.templateKey] : undefined);
    return fromEnv ?? details.dltTemplateId;
  }

  async send(mobile: string, text: string, details?: SmsDetails): Promise<SmsSent> {
    const dlt = details ? this.dltTemplateIdOf(details) : null;
    if (!dlt)
      throw new SendError(
        `msg91: template ${details?.templateKey ?? '?'} (${details?.language ?? '?'}) has no DLT template id (set it on the template or in MSG91_DLT_TEMPLATE_IDS)`,
        false,
      );
    const { res, body } = await call(
      'msg91',
      `${this.config.baseUrl}/api/v2/sendsms`,
      {
        method: 'POST',
        headers: {
          authkey: this.config.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          sender: this.config.senderId,
          route: '4',
          country: '91',
          unicode: needsUnicode(text) ? 1 : 0,
          DLT_TE_ID: dlt,
          PE_ID: this.config.dltEntityId,
          sms: [{ message: text, to: [mobile] }],
        }),
      },
      this.timeoutMs,
    );
    const answer = (body ?? {}) as { type?: string; message?: unknown };
    if (res.ok && answer.type === 'success' && typeof answer.message === 'string')
      return { providerMessageId: answer.message };
    const reason = typeof answer.message === 'string' ? answer.message : JSON.stringify(body);
    throw new SendError(
      `msg91: HTTP ${res.status}: ${reason}`.slice(0, 500),
      retryableStatus(res.status),
      retryAfterOf(res.headers.get('retry-after')),
    );
  }
}

/**
 * Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth with the account
 * sid and auth token, a form body (To, From, Body, StatusCallback). Answers 201 with the Message
 * (`sid`, `status`); errors as `{code, message, more_info, status}`.
 */
export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';
  constructor(
    private readonly config: Extract<SmsProviderConfig, { sender: 'twilio' }>,
    private readonly timeoutMs: number,
  ) {}

  async send(mobile: string, text: string, details?: SmsDetails): Promise<SmsSent> {
    const form = new URLSearchParams({ To: `+91${mobile}`, From: this.config.from, Body: text });
    if (this.config.statusCallbackUrl && details) {
      // The row's id rides in the callback URL (which Twilio signs): a receipt finds its row even when
      // the process died before it stored the message's sid.
      const url = new URL(this.config.statusCallbackUrl);
      url.searchParams.set('message', details.reference);
      form.set('StatusCallback', url.toString());
    }
    const auth = Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64');
    const { res, body } = await call(
      'twilio',
      `${this.config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      this.timeoutMs,
    );
    const answer = (body ?? {}) as { sid?: unknown; code?: unknown; message?: unknown };
    if (res.ok && typeof answer.sid === 'string') return { providerMessageId: answer.sid };
    const reason =
      typeof answer.message === 'string'
        ? `${answer.code ?? ''} ${answer.message}`.trim()
        : JSON.stringify(body);
    throw new SendError(
      `twilio: HTTP ${res.status}: ${reason}`.slice(0, 500),
      retryableStatus(res.status),
      retryAfterOf(res.headers.get('retry-after')),
    );
  }
}

/** The configured provider (SMS_SENDER). */
export function smsSenderFor(
  config: SmsProviderConfig,
  timeoutMs: number,
  log: FastifyBaseLogger,
  production: boolean,
): SmsSender {
  if (config.sender === 'msg91') return new Msg91SmsSender(config, timeoutMs);
  if (config.sender === 'twilio') return new TwilioSmsSender(config, timeoutMs);
  return new LogSmsSender(log, { logText: !production });
}
