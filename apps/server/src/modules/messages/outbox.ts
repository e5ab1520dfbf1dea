import { asMessageLanguage, type MessageChannel, type MessageLanguage } from '@app/contract/messages';
import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { memberMessages, messageTemplates } from '../../db/schema/messages';
import { inboxMessages } from '../../db/schema/notifications';
import { encryptText } from '../../lib/field-crypto';
import { intArray } from '../../lib/raw-sql';
import { yieldToOthers } from '../../lib/yield';
import { withoutMarketingConsent } from './marketing-consent';
import { findTemplate, placeholdersOf, renderTemplate, TemplateError } from './templates';
import {
  fromCauseOf,
  isPromotional,
  MESSAGE_EVENTS,
  type MessageEvent,
  pushTitleAndBody,
} from './templates.data';

export interface QueueMessageInput {
  channel: MessageChannel;
  templateKey: MessageEvent;
  /** The mobile (ten digits) for sms/whatsapp, the member's id for push. */
  to: string;
  memberId?: number | null;
  /** Default: the member's language (members.language), else English. */
  language?: MessageLanguage;
  /** Every variable the template uses; the event's secret ones (a code, a PIN) are stored encrypted. */
  variables: Record<string, string | number>;
  /** What caused it: one message per (cause, channel, template), however often the cause is retried. */
  cause: { kind: string; id: string | number };
  /** Not sent after this (a one-time code's expiry); a `now() + …` expression or a date. */
  expiresAt?: Date | SQL;
}

/**
 * Writes a message into the outbox inside the caller's transaction: it exists only if the cause
 * commits, and it is sent by the outbox worker after that. The template is rendered here once, so a
 * missing variable or template is the caller's error now, not a failed message later. A cause
 * that already queued this message (a retried request, a replayed job) adds nothing: answers null.
 */
export async function queueMessage(
  app: (Pick<FastifyInstance, 'config'> & { outbox?: { nudgeSoon(): void } }) | null,
  tx: Executor,
  input: QueueMessageInput,
): Promise<{ id: number } | null> {
  const event = MESSAGE_EVENTS[input.templateKey];
  if (!event) throw new TemplateError(`Unknown message template ${input.templateKey}`);
  let language: string = input.language ?? 'en';
  const promotional = isPromotional(input.templateKey);
  if ((!input.language || promotional) && input.memberId) {
    const [member] = await tx
      .select({
        language: members.language,
        muted: sql<boolean>`(${members.promotionsMutedAt} is not null or ${withoutMarketingConsent('members.id')})`,
      })
      .from(members)
      .where(eq(members.id, input.memberId));
    language = input.language ?? member?.language ?? 'en';
    // A member who muted promotions, or holds no marketing consent, gets none; transactional ones always go.
    if (promotional && member?.muted) return null;
  }
  const template = await findTemplate(tx, input.templateKey, input.channel, language);
  if (!template)
    throw new TemplateError(`No ${input.channel} template ${input.templateKey} in ${language} or English`);
  // What the worker reads from the cause at send time stands in as a sample here, to check the rest.
  const sample = Object.fromEntries(fromCauseOf(input.templateKey).map((name) => [name, 'x']));
  renderTemplate(template.body, { ...sample, ...input.variables }, input.channel);

  const secretNames = new Set<string>(event.secret);
  const plain: Record<string, string> = {};
  const secret: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.variables))
    (secretNames.has(name) ? secret : plain)[name] = String(value);
  if (Object.keys(secret).length > 0 && !app)
    throw new TemplateError(`${input.templateKey} has secret variables: queue it with the app's key`);
  const [row] = await tx
    .insert(memberMessages)
    .values({
      channel: input.channel,
      templateKey: input.templateKey,
      language: template.language,
      variables: plain,
      secretVariables:
        Object.keys(secret).length > 0
          ? encryptText(app!.config.encryptionKey, JSON.stringify(secret))
          : null,
      recipient: input.to,
      memberId: input.memberId ?? null,
      causeKind: input.cause.kind,
      causeId: String(input.cause.id),
      priority: event.priority,
      expiresAt: input.expiresAt as Date | undefined,
    })
    .onConflictDoNothing({
      target: [
        memberMessages.causeKind,
        memberMessages.causeId,
        memberMessages.channel,
        memberMessages.templateKey,
      ],
    })
    .returning({ id: memberMessages.id });
  // The row is visible once the caller commits; the worker's next poll finds it anyway.
  app?.outbox?.nudgeSoon();
  return row ?? null;
}

/** `now() + n seconds`, for expiresAt. */
export const secondsFromNow = (seconds: number): SQL => sql`now() + make_interval(secs => ${seconds})`;

/** One member's step message: its variables and its cause (one message per cause and channel). */
export interface StepMessage {
  memberId: number;
  variables: Record<string, string | number | null | undefined>;
  cause: { kind: string; id: string | number };
}

/** Rows per INSERT; rows rendered between two turns of the event loop (health, other users). */
const STEP_ROWS_PER_INSERT = 2_000;
const STEP_ROWS_BETWEEN_YIELDS = 500;

/**
 * A step message to a member (a decision's outcome), in their language, `name` filled from the
 * member: by SMS always, by WhatsApp too when they opted in, and by push too when they have a
 * device (a transactional message: a promotional mute does not hold it back). One line at each transition, inside
 * its transaction; one row per channel, however often the cause is retried. Answers the SMS row.
 */
export async function queueStepMessage(
  tx: Executor,
  memberId: number,
  templateKey: MessageEvent,
  variables: Record<string, string | number | null | undefined>,
  cause: { kind: string; id: string | number },
): Promise<{ id: number } | null> {
  const [sms] = await queueStepMessages(tx, templateKey, [{ memberId, variables, cause }]);
  return sms ?? null;
}

/**
 * `queueStepMessage` of many members at once (a bulk decision, an upload), set-based: one read of
 * the members and of the event's templates, one INSERT per 2,000 messages whatever their number, the
 * event loop turned between chunks. Each template is rendered with its variables here, as one
 * message is. Answers the SMS row of each item, in item order (null: no such member, or queued before).
 */
export async function queueStepMessages(
  tx: Executor,
  templateKey: MessageEvent,
  items: readonly StepMessage[],
): Promise<({ id: number } | null)[]> {
  const event = MESSAGE_EVENTS[templateKey];
  if (!event) throw new TemplateError(`Unknown message template ${templateKey}`);
  if (items.length === 0) return [];
  const found = await tx
    .select({
      id: members.id,
      mobile: members.mobile,
      name: members.name,
      language: members.language,
      whatsapp: isNotNull(members.whatsappOptInAt),
      muted: sql<boolean>`(${members.promotionsMutedAt} is not null or ${withoutMarketingConsent('members.id')})`,
      // Spelled out: drizzle leaves a one-table select's columns unqualified, and "id" would be the device's.
      push: sql<boolean>`exists (select 1 from member_devices d where d.member_id = members.id)`,
    })
    .from(members)
    .where(sql`${members.id} = any(${intArray([...new Set(items.map((i) => i.memberId))])})`);
  const byId = new Map(found.map((m) => [m.id, m]));
  const templates = await tx
    .select({
      channel: messageTemplates.channel,
      language: messageTemplates.language,
      body: messageTemplates.body,
    })
    .from(messageTemplates)
    .where(eq(messageTemplates.key, templateKey));
  const findTemplateOf = (channel: MessageChannel, language: string) =>
    templates.find((r) => r.channel === channel && r.language === language) ??
    templates.find((r) => r.channel === channel && r.language === 'en');
  const templateOf = (channel: MessageChannel, language: string) => {
    const t = findTemplateOf(channel, language);
    if (!t) throw new TemplateError(`No ${channel} template ${templateKey} in ${language} or English`);
    return t;
  };
  const promotional = isPromotional(templateKey);
  const secretNames = new Set<string>(event.secret);
  const sample = Object.fromEntries(fromCauseOf(templateKey).map((name) => [name, 'x']));
  const rows: (typeof memberMessages.$inferInsert & { item: number })[] = [];
  const inbox: InboxStep[] = [];
  const inboxed = inInbox(templateKey);
  for (const [n, item] of items.entries()) {
    if (n > 0 && n % STEP_ROWS_BETWEEN_YIELDS === 0) await yieldToOthers();
    const member = byId.get(item.memberId);
    // A member who muted promotions gets none; transactional messages always go.
    if (!member || (promotional && member.muted)) continue;
    const variables: Record<string, string> = { name: member.name };
    for (const [k, v] of Object.entries(item.variables)) {
      if (secretNames.has(k))
        throw new TemplateError(`${templateKey} has secret variables: queue it with the app's key`);
      variables[k] = v === null || v === undefined || v === '' ? '-' : String(v);
    }
    const language = asMessageLanguage(member.language);
    const channels: MessageChannel[] = ['sms'];
    if (member.whatsapp) channels.push('whatsapp');
    if (member.push) channels.push('push');
    // Without a push text (staff removed it) the SMS, WhatsApp and push go as before; the inbox goes without.
    const pushText = inboxed ? (findTemplateOf('push', language)?.body ?? '') : '';
    if (pushText && !placeholdersOf(pushText).some((name) => name in sample)) {
      // The inbox keeps the push wording (a title and a body), whether or not a device gets it.
      const text = renderTemplate(pushText, variables, 'push');
      const { title, body } = pushTitleAndBody(text, 'Action Tesa');
      inbox.push({
        memberId: item.memberId,
        title,
        body,
        causeKind: item.cause.kind,
        causeId: String(item.cause.id),
      });
    }
    for (const channel of channels) {
      const template = templateOf(channel, language);
      renderTemplate(template.body, { ...sample, ...variables }, channel);
      rows.push({
        item: n,
        channel,
        templateKey,
        language: template.language,
        variables,
        // Push goes to the member's devices as they are when it is sent: the recipient is the member.
        recipient: channel === 'push' ? String(item.memberId) : member.mobile,
        memberId: item.memberId,
        causeKind: item.cause.kind,
        causeId: String(item.cause.id),
        priority: event.priority,
      });
    }
  }
  await addToInbox(tx, templateKey, inbox);
  // Each item's SMS row, found again by its cause (unique per cause, channel and template).
  const itemOfCause = new Map<string, number>();
  for (const row of rows)
    if (row.channel === 'sms') itemOfCause.set(`${row.causeKind}\u0000${row.causeId}`, row.item);
  const sms: ({ id: number } | null)[] = items.map(() => null);
  for (let i = 0; i < rows.length; i += STEP_ROWS_PER_INSERT) {
    if (i > 0) await yieldToOthers();
    const chunk = rows.slice(i, i + STEP_ROWS_PER_INSERT).map(({ item: _item, ...row }) => row);
    const inserted = await tx.execute<{
      id: string;
      channel: string;
      causeKind: string;
      causeId: string;
    }>(sql`
      insert into ${memberMessages} (channel, template_key, language, variables, recipient, member_id,
        cause_kind, cause_id, priority)
      select m->>'channel', m->>'templateKey', m->>'language', m->'variables', m->>'recipient',
        (m->>'memberId')::bigint, m->>'causeKind', m->>'causeId', (m->>'priority')::smallint
      from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as x(m, n)
      order by x.n
      on conflict (cause_kind, cause_id, channel, template_key) do nothing
      returning id, channel, cause_kind as "causeKind", cause_id as "causeId"`);
    for (const r of inserted.rows) {
      const item = r.channel === 'sms' ? itemOfCause.get(`${r.causeKind}\u0000${r.causeId}`) : undefined;
      if (item !== undefined) sms[item] = { id: Number(r.id) };
    }
  }
  return sms;
}

/** A step message as the member's inbox keeps it. */
interface InboxStep {
  memberId: number;
  title: string;
  body: string;
  causeKind: string;
  causeId: string;
}

/**
 * Step messages the app's inbox keeps: every one but the one-time code (a secret that expires) and a
 * staff notification (fanned out to inboxes by its own task). A push text that needs what is read from
 * the cause at send time is left out (the built-in e-voucher one leaves the code and PIN out: it is kept).
 */
const inInbox = (key: MessageEvent) => key !== 'otp' && key !== 'notification';

/** The step messages into the members' inboxes, in the cause's transaction; a retried cause adds nothing. */
async function addToInbox(tx: Executor, templateKey: MessageEvent, steps: readonly InboxStep[]) {
  for (let i = 0; i < steps.length; i += STEP_ROWS_PER_INSERT) {
    if (i > 0) await yieldToOthers();
    await tx.execute(sql`
      insert into ${inboxMessages} (member_id, title, body, template_key, cause_kind, cause_id)
      select (m->>'memberId')::int, m->>'title', m->>'body', ${templateKey}, m->>'causeKind', m->>'causeId'
      from jsonb_array_elements(${JSON.stringify(steps.slice(i, i + STEP_ROWS_PER_INSERT))}::jsonb) as x(m)
      on conflict (cause_kind, cause_id, template_key, member_id) do nothing`);
  }
}
