/**
 * The public face of the messages module: what other modules may use. Other modules
 * import from here (`'../messages'`), never a file inside it. Only leaf files are re-exported (the outbox
 * queue, the event catalogue, the redemption-status messages), so importing the face pulls in no route and
 * no other module.
 */

export { withoutMarketingConsent } from './marketing-consent';
export { queueMessage, queueStepMessage, queueStepMessages, secondsFromNow } from './outbox';
export { queueRedemptionMessages } from './redemption-messages';
export { MESSAGE_EVENTS } from './templates.data';
