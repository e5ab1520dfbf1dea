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
  /** The variables as the row holds them (JSON text): the key of an already rendered text. */
  variablesText?: string;
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
async function causeVariables(app: FastifyInstance, row: ClaimedMessage): Promise<Record<string, string>> {
  const voucher = await voucherOfRedemption(app.database.db, app.config, Number(row.causeId));
  if (!voucher) throw new TemplateError('the redemption holds no voucher');
  return { code: voucher.code, pin: voucher.pin ?? '-' };
}

/**
 * What the worker derives from a template once rather than per message: its placeholders, whether it
 * shows variables read from the cause, and the texts already rendered from it, keyed by the row's
 * variables (their JSON text): a notification's million rows differ only in recipient, so its text
 * is rendered once per template and language. Rows with secret or cause variables are rendered each
 * time (their text is not kept). Kept with the template row, so a re-read template starts afresh.
 */
interface PreparedTemplate {
  placeholders: string[];
  fromCause: boolean;
  texts: Map<
    string,
    { variables: Record<string, string>; text: string; push?: { title: string; body: string } }
  >;
}
const RENDERED_PER_TEMPLATE = 1_000;
const prepared = new WeakMap<TemplateRow, PreparedTemplate>();
function preparedOf(template: TemplateRow, templateKey: string): PreparedTemplate {
  let p = prepared.get(template);
  if (!p) {
    const placeholders = placeholdersOf(template.body);
    const used = new Set(placeholders);
    // Read only when the template shows them (an e-voucher's push does not: it is seen on a locked screen).
    const fromCause = fromCauseOf(templateKey as MessageEvent).some((name) => used.has(name));
    p = { placeholders, fromCause, texts: new Map() };
    prepared.set(template, p);
  }
  return p;
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
  const prep = preparedOf(template, row.templateKey);
  const key = row.secretVariables || prep.fromCause ? undefined : row.variablesText;
  let rendered = key === undefined ? undefined : prep.texts.get(key);
  if (!rendered) {
    const secrets = row.secretVariables
      ? (JSON.parse(decryptText(app.config.encryptionKey, row.secretVariables)) as Record<string, string>)
      : {};
    const fromCause = prep.fromCause ? await causeVariables(app, row) : {};
    const variables = { ...row.variables, ...secrets, ...fromCause };
    rendered = { variables, text: renderTemplate(template.body, variables, row.channel) };
    if (key !== undefined) {
      if (prep.texts.size >= RENDERED_PER_TEMPLATE) prep.texts.clear();
      prep.texts.set(key, rendered);
    }
  }
  const { variables, text } = rendered;
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
      parameters: prep.placeholders.map((name) => cleanVariable(name, variables[name], 'whatsapp')),
    });
    return { provider: 'whatsapp', id: result.providerMessageId };
  }
  rendered.push ??= pushTitleAndBody(text, variables.title ?? 'Action Tesa');
  return sendPush(app, row, rendered.push);
}

async function sendPush(
  app: FastifyInstance,
  row: ClaimedMessage,
  shown: { title: string; body: string },
): Promise<Sent> {
  const push = app.push;
  if (!push) throw new SendError('push is not configured (FCM_SERVICE_ACCOUNT)', false);
  const devices = row.devices ?? [];
  let first: string | null = null;
  for (const device of devices) {
    try {
      const result = await push.send({
        token: String(device.token),
        title: shown.title,
        body: shown.body,
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
