import type { FastifyBaseLogger } from 'fastify';

/** What the outbox tells a provider besides the text (modules/messages/sms-providers.ts). */
export interface SmsDetails {
  /** The outbox row's id: the provider's callback names it (Twilio) and logs carry it. */
  reference: string;
  templateKey: string;
  language: string;
  /** India's DLT registration of the text (MSG91). */
  dltTemplateId: string | null;
}

export interface SmsSent {
  /** The provider's id of the message, which its delivery receipts name. */
  providerMessageId?: string | null;
}

/**
 * Sends text messages to members' mobiles (ten digits, India). Real gateways are in
 * modules/messages/sms-providers.ts; tests replace it with a recorder. A failure throws
 * (SendError says whether trying again may help).
 */
export interface SmsSender {
  /** msg91 | twilio | log: recorded on each message it accepted. */
  readonly name?: string;
  send(mobile: string, text: string, details?: SmsDetails): Promise<SmsSent | undefined>;
}

/**
 * The demo profile's sender: writes the message to the server log on a line of its own
 * (`component: sms`), never inside a request's log fields; e2e tests read one-time codes from it
 * (`SMS to <mobile>: <text>`). Production refuses to start with it (config.ts). With `logText` off,
 * the line names the mobile's last digits only and keeps the text, which may hold a code, out.
 */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: { logText: boolean },
  ) {}

  async send(mobile: string, text: string): Promise<SmsSent> {
    const log = this.log.child({ component: 'sms' });
    if (this.options.logText) log.info(`SMS to ${mobile}: ${text}`);
    else log.info(`SMS to ******${mobile.slice(-4)} not delivered: no SMS gateway is configured`);
    return { providerMessageId: null };
  }
}
