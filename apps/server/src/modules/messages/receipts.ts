import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of
 * the full URL Twilio called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name).sort()) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Compares secrets in constant time whatever their lengths (both sides hashed first). */
export function sameSecret(given: string | undefined | null, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type ReceiptOutcome = 'sent' | 'delivered' | 'failed';

/** Twilio's MessageStatus as an outbox status; statuses before `sent` change nothing. */
export function twilioOutcome(status: string | null): ReceiptOutcome | null {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'undelivered' || status === 'failed') return 'failed';
  if (status === 'sent') return 'sent';
  return null;
}

/** MSG91's delivery report codes: 1 delivered; 2 failed, 9 NDNC, 16/25 rejected, 17 blocked. */
export function msg91Outcome(status: string | number | undefined): ReceiptOutcome | null {
  const code = String(status ?? '');
  if (code === '1') return 'delivered';
  if (['2', '9', '16', '17', '25', '26'].includes(code)) return 'failed';
  return null;
}

/**
 * Applies a receipt to its row: found by the provider's message id, or (Twilio) by the row id in the
 * callback URL when the sender died before storing that id. A later state never goes back: a late
 * `sent` after `delivered` changes nothing; `delivered` wins over an earlier give-up (the provider had
 * it after all). Answers whether a row changed.
 */
export async function applyReceipt(
  database: Database,
  receipt: {
    provider: 'twilio' | 'msg91' | 'whatsapp';
    providerMessageId: string;
    rowId?: number | null;
    outcome: ReceiptOutcome;
    error?: string | null;
  },
): Promise<boolean> {
  const from =
    receipt.outcome === 'delivered'
      ? ['queued', 'sending', 'sent', 'failed']
      : receipt.outcome === 'failed'
        ? ['queued', 'sending', 'sent']
        : ['queued', 'sending'];
  const { rows } = await database.executeSql(
    `update member_messages
        set status = $4,
            provider = $1,
            provider_message_id = $2,
            sent_at = coalesce(sent_at, now()),
            delivered_at = case when $4 = 'delivered' then now() else delivered_at end,
            failed_at = case when $4 = 'failed' then now() else null end,
            error = case when $4 = 'failed' then $6 else null end,
            claimed_at = null, secret_variables = null, updated_at = now()
      where id = (select id from member_messages
                   where (provider = $1 and provider_message_id = $2)
                      or (id = $3 and (provider_message_id is null or provider_message_id = $2))
                   order by (provider_message_id = $2) desc nulls last
                   limit 1)
        and status = any($5::text[])
      returning id`,
    [
      receipt.provider,
      receipt.providerMessageId,
      receipt.rowId ?? null,
      receipt.outcome,
      from,
      receipt.error ?? `${receipt.provider} reported it undelivered`,
    ],
  );
  return rows.length > 0;
}
