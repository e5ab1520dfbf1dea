import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs deliveries with a subscription's secrets (the standardwebhooks library: `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`). During a rotation's overlap it holds two secrets and the
 * header carries both signatures, space-separated, so a receiver on either secret verifies.
 */
export class WebhookSigner {
  private readonly signers: Webhook[];
  constructor(secrets: readonly string[]) {
    this.signers = secrets.map((secret) => new Webhook(secret));
  }
  headers(eventId: string, body: string, at: Date = new Date()): WebhookHeaders {
    return {
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': this.signers.map((s) => s.sign(eventId, at, body)).join(' '),
    };
  }
}
