import type { MessageChannel, MessageLanguage } from '@app/contract/messages';
import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { memberMessages } from '../../db/schema/messages';
import { encryptText } from '../../lib/field-crypto';
import { findTemplate, renderTemplate, TemplateError } from './templates';
import { fromCauseOf, isPromotional, MESSAGE_EVENTS, type MessageEvent } from './templates.data';

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
      .select({ language: members.language, muted: isNotNull(members.promotionsMutedAt) })
      .from(members)
      .where(eq(members.id, input.memberId));
    language = input.language ?? member?.language ?? 'en';
    // A member who muted promotions gets none; transactional messages always go.
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

/**
 * A step message to a member (a decision's outcome), in their language, `name` filled from the
 * member: by SMS always, and by WhatsApp too when they opted in. One line at each transition, inside
 * its transaction; one row per channel, however often the cause is retried. Answers the SMS row.
 */
export async function queueStepMessage(
  tx: Executor,
  memberId: number,
  templateKey: MessageEvent,
  variables: Record<string, string | number | null | undefined>,
  cause: { kind: string; id: string | number },
): Promise<{ id: number } | null> {
  const [member] = await tx
    .select({
      mobile: members.mobile,
      name: members.name,
      language: members.language,
      whatsapp: isNotNull(members.whatsappOptInAt),
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return null;
  const given = Object.fromEntries(
    Object.entries(variables).map(([k, v]) => [k, v === null || v === undefined || v === '' ? '-' : v]),
  ) as Record<string, string | number>;
  const message = (channel: MessageChannel) =>
    queueMessage(null, tx, {
      channel,
      templateKey,
      to: member.mobile,
      memberId,
      language: member.language === 'hi' ? 'hi' : 'en',
      variables: { name: member.name, ...given },
      cause,
    });
  const sms = await message('sms');
  if (member.whatsapp) await message('whatsapp');
  return sms;
}
