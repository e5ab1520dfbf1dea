import type { MessageChannel } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { decryptText } from '../../lib/field-crypto';
import { voucherOfRedemption } from '../gift-vouchers';
import { DeadTokenError } from './fcm';
import { SendError } from './sms-providers';
import {
  cleanVariable,
  findTemplate,
  placeholdersOf,
  renderTemplate,
  TemplateError,
  type TemplateRow,
} from './templates';
import { fromCauseOf, isPromotional, type MessageEvent, pushTitleAndBody } from './templates.data';
import { whatsappTemplateName } from './whatsapp';

/** An outbox row as the worker claimed it. */
export interface ClaimedMessage {
  id: number;
  channel: MessageChannel;
  templateKey: string;
  language: string;
  variables: Record<string, string>;
  secretVariables: string | null;
  recipient: string;
  memberId: number | null;
  causeKind: string;
  causeId: string;
  attempts: number;
  priority: number;
  expired: boolean;
  /** Read with the claim: the member muted promotional messages. */
  muted: boolean;
  /** Read with the claim, for push: the member's devices. */
  devices: { id: number; token: string }[] | null;
}

export interface Sent {
  provider: string;
  id: string | null;
}

/** The variables read from the cause at send time: an issued voucher's code and PIN. */
async function causeVariables(
  app: FastifyInstance,
  row: ClaimedMessage,
  body: string,
): Promise<Record<string, string>> {
  // Read only when the template shows them (an e-voucher's push does not: it is seen on a locked screen).
  const used = new Set(placeholdersOf(body));
  if (!fromCauseOf(row.templateKey as MessageEvent).some((name) => used.has(name))) return {};
  const voucher = await voucherOfRedemption(app.database.db, app.config, Number(row.causeId));
  if (!voucher) throw new TemplateError('the redemption holds no voucher');
  return { code: voucher.code, pin: voucher.pin ?? '-' };
}

/** Templates read by the worker, kept a few seconds: a fan-out's million rows share one template. */
const TEMPLATE_TTL_MS = 5_000;
// Keyed by the database: a plugin's `app` is its own encapsulated instance, the database is shared.
const templates = new WeakMap<object, Map<string, { at: number; row: Promise<TemplateRow | null> }>>();
/** A template changed on this instance: read it afresh (other instances within TEMPLATE_TTL_MS). */
export const forgetTemplates = (app: FastifyInstance) => templates.delete(app.database);

function cachedTemplate(app: FastifyInstance, row: ClaimedMessage): Promise<TemplateRow | null> {
  const cache = templates.get(app.database) ?? new Map();
  templates.set(app.database, cache);
  const key = `${row.templateKey}|${row.channel}|${row.language}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TEMPLATE_TTL_MS) return hit.row;
  const fresh = findTemplate(app.database.db, row.templateKey, row.channel, row.language);
  cache.set(key, { at: Date.now(), row: fresh });
  return fresh;
}

/**
 * Sends one claimed message on its channel: SMS through the configured gateway, WhatsApp as an
 * approved template, push to each of the member's devices (a dead token is forgotten). Throws a
 * SendError (retryable or not) or a TemplateError (never retried).
 */
export async function sendClaimed(app: FastifyInstance, row: ClaimedMessage): Promise<Sent> {
  const template = await cachedTemplate(app, row);
  if (!template) throw new TemplateError(`no ${row.channel} template ${row.templateKey}`);
  if (isPromotional(row.templateKey as MessageEvent) && row.muted)
    throw new SendError('the member muted promotional messages', false);
  const secrets = row.secretVariables
    ? (JSON.parse(decryptText(app.config.encryptionKey, row.secretVariables)) as Record<string, string>)
    : {};
  const variables = { ...row.variables, ...secrets, ...(await causeVariables(app, row, template.body)) };
  const text = renderTemplate(template.body, variables, row.channel);
  await app.outbox.rate(row.channel).take();
  if (row.channel === 'sms') {
    const result = await app.sms.send(row.recipient, text, {
      reference: String(row.id),
      templateKey: row.templateKey,
      language: template.language,
      dltTemplateId: template.dltTemplateId,
    });
    return { provider: app.sms.name ?? 'custom', id: result?.providerMessageId ?? null };
  }
  if (row.channel === 'whatsapp') {
    if (!app.whatsapp) throw new SendError('WhatsApp is not configured (WHATSAPP_TOKEN)', false);
    const result = await app.whatsapp.send({
      to: row.recipient,
      template: whatsappTemplateName(row.templateKey),
      language: template.language,
      parameters: placeholdersOf(template.body).map((name) =>
        cleanVariable(name, variables[name], 'whatsapp'),
      ),
    });
    return { provider: 'whatsapp', id: result.providerMessageId };
  }
  return sendPush(app, row, text, variables);
}

async function sendPush(
  app: FastifyInstance,
  row: ClaimedMessage,
  text: string,
  variables: Record<string, string>,
): Promise<Sent> {
  const push = app.push;
  if (!push) throw new SendError('push is not configured (FCM_SERVICE_ACCOUNT)', false);
  const devices = row.devices ?? [];
  let first: string | null = null;
  for (const device of devices) {
    try {
      const result = await push.send({
        token: String(device.token),
        ...pushTitleAndBody(text, variables.title ?? 'Action Tesa'),
        data: { messageId: String(row.id), event: row.templateKey },
      });
      first ??= result.providerMessageId;
    } catch (error) {
      if (!(error instanceof DeadTokenError)) throw error;
      await app.database.executeSql('delete from member_devices where id = $1', [device.id]);
    }
  }
  if (first === null) throw new SendError('the member has no device that takes push', false);
  return { provider: 'fcm', id: first };
}
