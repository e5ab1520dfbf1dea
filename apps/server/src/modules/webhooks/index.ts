/**
 * The public face of the webhooks module: other modules record events through it, in the transaction
 * of the change that causes them.
 */
export { recordWebhookEvent, recordWebhookEvents } from './events';
