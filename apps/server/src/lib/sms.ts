import { appendFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages to members' mobiles. A real gateway implements this; tests inject a fake. */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

/**
 * The built-in sender: writes the message to the server log on a line of its own (`component: sms`),
 * never inside a request's log fields. With `logText` off (production) the line says a message was
 * sent to the mobile's last digits, and the text, which holds a one-time code, stays out of the log.
 */
export class LogSmsSender implements SmsSender {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: { logText: boolean; outboxFile?: string },
  ) {}

  async send(mobile: string, text: string): Promise<void> {
    const log = this.log.child({ component: 'sms' });
    // Demo and test profiles only (config): the browser tests read one-time codes from this file.
    if (this.options.logText && this.options.outboxFile)
      appendFileSync(this.options.outboxFile, `${JSON.stringify({ mobile, text })}\n`);
    if (this.options.logText) log.info(`SMS to ${mobile}: ${text}`);
    else log.info(`SMS to ******${mobile.slice(-4)} not delivered: no SMS gateway is configured`);
  }
}
