import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsappConfig } from '../../config';
import { call, retryAfterOf, retryableStatus, SendError } from './sms-providers';

/** A WhatsApp template message: the approved template's name and language, its body parameters in order. */
export interface WhatsappTemplateMessage {
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

/** Graph API error codes that mean "slow down" (HTTP 400 on some of them): retried, not failed. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

/** `redemption.paid` → `redemption_paid`: Meta's template names allow lower case, digits and `_`. */
export const whatsappTemplateName = (key: string) => key.replace(/[^a-z0-9_]/g, '_');

/**
 * WhatsApp Business Cloud API: `POST {base}/{phone-number-id}/messages` with a bearer token, a
 * `template` message (business-initiated messages must use an approved template). Answers
 * `{messages: [{id: "wamid…"}]}`; errors as `{error: {message, type, code, fbtrace_id}}`.
 */
export class WhatsappSender {
  readonly name = 'whatsapp';
  constructor(
    private readonly config: WhatsappConfig,
    private readonly timeoutMs: number,
  ) {}

  async send(message: WhatsappTemplateMessage): Promise<{ providerMessageId: string }> {
    const { res, body } = await call(
      'whatsapp',
      `${this.config.baseUrl}/${encodeURIComponent(this.config.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${this.config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: `91${message.to}`,
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: [
              {
                type: 'body',
                parameters: message.parameters.map((text) => ({ type: 'text', text })),
              },
            ],
          },
        }),
      },
      this.timeoutMs,
    );
    const answer = (body ?? {}) as {
      messages?: { id?: unknown }[];
      error?: { message?: string; code?: number };
    };
    const id = answer.messages?.[0]?.id;
    if (res.ok && typeof id === 'string') return { providerMessageId: id };
    const code = answer.error?.code;
    throw new SendError(
      `whatsapp: HTTP ${res.status}: ${code ?? ''} ${answer.error?.message ?? JSON.stringify(body)}`.slice(
        0,
        500,
      ),
      retryableStatus(res.status) || (code !== undefined && THROTTLED.has(code)),
      retryAfterOf(res.headers.get('retry-after')),
    );
  }
}

/** Meta's webhook signature: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function validMetaSignature(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface WhatsappStatus {
  id: string;
  status: string;
  error: string | null;
}

/** The `statuses` of a `whatsapp_business_account` webhook: entry[].changes[].value.statuses[]. */
export function whatsappStatusesOf(payload: unknown): WhatsappStatus[] {
  const out: WhatsappStatus[] = [];
  const p = payload as {
    entry?: { changes?: { value?: { statuses?: Record<string, unknown>[] } }[] }[];
  };
  for (const entry of Array.isArray(p?.entry) ? p.entry : [])
    for (const change of Array.isArray(entry?.changes) ? entry.changes : [])
      for (const s of Array.isArray(change?.value?.statuses) ? change.value.statuses : []) {
        if (typeof s.id !== 'string' || typeof s.status !== 'string') continue;
        const errors = s.errors as { code?: number; title?: string }[] | undefined;
        const first = Array.isArray(errors) ? errors[0] : undefined;
        out.push({
          id: s.id,
          status: s.status,
          error: first ? `whatsapp error ${first.code ?? ''} ${first.title ?? ''}`.trim() : null,
        });
      }
  return out;
}

/** WhatsApp's status as an outbox outcome; `read` is delivered too. */
export function whatsappOutcome(status: string): 'sent' | 'delivered' | 'failed' | null {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'failed') return 'failed';
  if (status === 'sent') return 'sent';
  return null;
}
