import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages to members' mobiles. A real gateway implements this; tests inject a fake. */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

/**
 * The default sender (demo and development): writes the message to the server log on a line of
 * its own (`component: sms`), so the code is readable there, never inside a request's log fields.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mobile: string, text: string): Promise<void> {
    this.log.child({ component: 'sms' }).info(`SMS to ${mobile}: ${text}`);
  }
}
