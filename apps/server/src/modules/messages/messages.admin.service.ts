import type { MessageTemplateUpdate } from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messageTemplates } from '../../db/schema/messages';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { forgetTemplates } from './channel-senders';
import { findMessage, findTemplateRow } from './delivery-log.repository';
import { placeholdersOf } from './templates';
import { fromCauseOf, MESSAGE_EVENTS, type MessageEvent } from './templates.data';

/**
 * A template's new text: only the variables its event provides (a placeholder the code never fills
 * would fail every message), and those that carry the point of the message (a code, a PIN) kept.
 */
export async function updateTemplate(
  app: FastifyInstance,
  actor: Actor,
  templateId: number,
  change: MessageTemplateUpdate,
) {
  const saved = await app.database.db.transaction(async (tx) => {
    const row = await findTemplateRow(tx, templateId);
    if (!row) throw notFound('Template');
    const event = MESSAGE_EVENTS[row.key as MessageEvent];
    const required = event ? [...event.secret, ...fromCauseOf(row.key as MessageEvent)] : [];
    const allowed = new Set([...row.variables, ...required]);
    const used = placeholdersOf(change.body);
    const unknown = used.filter((name) => !allowed.has(name));
    if (unknown.length > 0)
      throw fieldError(
        'body',
        `Unknown variable {${unknown[0]}}: this message can use ${[...allowed].map((v) => `{${v}}`).join(', ') || 'no variables'}`,
      );
    const missing = required.filter((name) => !used.includes(name));
    if (missing.length > 0) throw fieldError('body', `The text must keep {${missing[0]}}`);
    await tx
      .update(messageTemplates)
      .set({
        body: change.body,
        dltTemplateId: row.channel === 'sms' ? change.dltTemplateId : null,
        updatedAt: sql`now()`,
        updatedBy: actor.id,
      })
      .where(eq(messageTemplates.id, templateId));
    await audit(tx, actor, {
      action: 'message_template.updated',
      entity: 'message_template',
      entityId: templateId,
      before: { body: row.body, dltTemplateId: row.dltTemplateId },
      after: { body: change.body, dltTemplateId: change.dltTemplateId },
    });
    return (await findTemplateRow(tx, templateId))!;
  });
  forgetTemplates(app);
  return saved;
}

/**
 * Sends a failed message again: the same row queued anew (its cause stays unique). A one-time code
 * is never resent (its code was erased; the member asks for a new one).
 */
export async function resendMessage(app: FastifyInstance, actor: Actor, messageId: number) {
  const row = await app.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute(
      sql`select status, template_key from member_messages where id = ${messageId} for update`,
    );
    const current = rows[0] as { status: string; template_key: string } | undefined;
    if (!current) throw notFound('Message');
    if (current.status !== 'failed')
      throw conflict(`This message is ${current.status}; only a failed one is sent again`);
    const event = MESSAGE_EVENTS[current.template_key as MessageEvent];
    if (event && event.secret.length > 0)
      throw conflict('A one-time code is not sent again: the member asks for a new one');
    await tx.execute(sql`update member_messages set status = 'queued', attempts = 0, next_attempt_at = now(),
      error = null, failed_at = null, claimed_at = null, updated_at = now() where id = ${messageId}`);
    await audit(tx, actor, {
      action: 'member_message.resent',
      entity: 'member_message',
      entityId: messageId,
      before: { status: 'failed' },
      after: { status: 'queued' },
    });
    return (await findMessage(tx, messageId))!;
  });
  app.outbox.nudge();
  return row;
}
