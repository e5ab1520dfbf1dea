import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/**
 * The receiver's side, as the README's "Integrate" section shows it: verify the signature (the
 * standardwebhooks library refuses a forged signature and a timestamp more than five minutes from
 * the receiver's clock), then refuse an event id seen before (a replay, or our at-least-once
 * delivery sending it twice). `seen` stands for the receiver's own store of processed ids.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  headers: Record<string, string>,
  seen: Set<string>,
): { ok: true; event: { id: string; type: string; data: unknown } } | { ok: false; reason: string } {
  let event: { id: string; type: string; data: unknown };
  try {
    event = new Webhook(secret).verify(body, headers) as typeof event;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { ok: false, reason: error.message };
    throw error;
  }
  const id = headers['webhook-id']!;
  if (seen.has(id)) return { ok: false, reason: 'already processed' };
  seen.add(id);
  return { ok: true, event };
}
