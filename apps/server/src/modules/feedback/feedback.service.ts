import {
  FEEDBACK_MOVES,
  type FeedbackCreateBody,
  type FeedbackDetail,
  type FeedbackMoveBody,
  type FeedbackState,
  FEEDBACK_MESSAGES as M,
} from '@app/contract/feedback';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { feedback, feedbackReplies } from '../../db/schema/feedback';
import { files } from '../../db/schema/files';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { claimFile, openStored } from '../files';
import { queueStepMessage } from '../messages';
import {
  attachmentIdsOf,
  feedbackOfMember,
  findFeedback,
  lockFeedback,
  repliesOf,
  replyOnly,
} from './feedback.repository';

export const FEEDBACK_ENTITY = 'feedback';

/**
 * A member sends feedback; attachments must be the member's own unused feedback uploads. Who may
 * send it is the route's guard (member-auth/member-writes.ts `feedback`).
 */
export function createFeedback(
  app: FastifyInstance,
  memberId: number,
  body: FeedbackCreateBody,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx) => {
    for (const [i, fileId] of body.attachmentFileIds.entries())
      await claimFile(tx, fileId, {
        purpose: 'feedback_attachment',
        owner: { memberId },
        field: `attachmentFileIds.${i}`,
        message: M.attachment,
      });
    const [row] = await tx
      .insert(feedback)
      .values({
        memberId,
        category: body.category,
        rating: body.rating,
        message: body.message,
        attachmentFileIds: body.attachmentFileIds,
      })
      .returning({ id: feedback.id });
    const [own] = await feedbackOfMember(tx, memberId, row!.id);
    return own!;
  });
}

export async function loadFeedback(tx: Executor, feedbackId: number) {
  const row = await findFeedback(tx, feedbackId);
  if (!row) throw notFound('Feedback');
  return row;
}

/** One feedback with its attachments and the conversation. */
export async function feedbackDetail(tx: Executor, feedbackId: number): Promise<FeedbackDetail> {
  const row = await loadFeedback(tx, feedbackId);
  const ids = (await attachmentIdsOf(tx, feedbackId)) ?? [];
  const stored = ids.length
    ? await tx
        .select({ id: files.id, contentType: files.contentType, thumbnailId: files.thumbnailId })
        .from(files)
        .where(inArray(files.id, ids))
    : [];
  const byId = new Map(stored.map((file) => [file.id, file]));
  const attachments = ids.flatMap((fileId) => {
    const file = byId.get(fileId);
    return file ? [{ fileId, contentType: file.contentType, hasThumbnail: file.thumbnailId !== null }] : [];
  });
  const replies = (await repliesOf(tx, [feedbackId])).map(replyOnly);
  return { ...row, attachments, replies };
}

/** Adds a staff reply inside the caller's transaction, audited with the feedback. */
async function addReply(tx: Tx, actor: Actor, feedbackId: number, text: string) {
  const [reply] = await tx
    .insert(feedbackReplies)
    .values({ feedbackId, staffId: actor.id, text })
    .returning({ id: feedbackReplies.id });
  await audit(tx, actor, {
    action: 'feedback.replied',
    entity: FEEDBACK_ENTITY,
    entityId: feedbackId,
    after: { reply: reply!.id, text },
  });
}

/** Sets the state, audited as `feedback.<state>`. */
async function setState(tx: Tx, actor: Actor, feedbackId: number, from: FeedbackState, to: FeedbackState) {
  const [moved] = await tx
    .update(feedback)
    .set({ state: to, updatedAt: sql`now()` })
    .where(eq(feedback.id, feedbackId))
    .returning({ memberId: feedback.memberId });
  // The member hears when their feedback is taken up and when it is resolved (once each).
  if (moved && (to === 'in_progress' || to === 'resolved'))
    await queueStepMessage(
      tx,
      moved.memberId,
      `feedback.${to}`,
      { reference: `#${feedbackId}` },
      { kind: `feedback.${to}`, id: feedbackId },
    );
  await audit(tx, actor, {
    action: `feedback.${to}`,
    entity: FEEDBACK_ENTITY,
    entityId: feedbackId,
    before: { state: from },
    after: { state: to },
  });
}

/**
 * A staff reply, shown to the member in the app. Answering open feedback is working on it: the
 * reply moves it to in progress in the same transaction (resolved feedback stays resolved).
 */
export async function replyToFeedback(app: FastifyInstance, actor: Actor, feedbackId: number, text: string) {
  return app.database.db.transaction(async (tx) => {
    const current = await lockFeedback(tx, feedbackId);
    if (!current) throw notFound('Feedback');
    await addReply(tx, actor, feedbackId, text);
    if (current.state === 'open') await setState(tx, actor, feedbackId, 'open', 'in_progress');
    else await tx.update(feedback).set({ updatedAt: sql`now()` }).where(eq(feedback.id, feedbackId));
    return feedbackDetail(tx, feedbackId);
  });
}

/**
 * Moves the feedback along FEEDBACK_MOVES (open → in_progress → resolved, or open → resolved with
 * the reply that tells the member how); any other move is a 409. A reply sent with the move is
 * posted in the same transaction.
 */
export async function moveFeedback(
  app: FastifyInstance,
  actor: Actor,
  feedbackId: number,
  body: FeedbackMoveBody,
) {
  const { to } = body;
  return app.database.db.transaction(async (tx) => {
    const current = await lockFeedback(tx, feedbackId);
    if (!current) throw notFound('Feedback');
    const from = current.state as FeedbackState;
    if (!FEEDBACK_MOVES[from].includes(to))
      throw conflict(
        from === to
          ? `This feedback is already ${from.replace('_', ' ')}`
          : `Feedback that is ${from.replace('_', ' ')} cannot move to ${to.replace('_', ' ')}`,
      );
    if (from === 'open' && to === 'resolved' && !body.reply) throw fieldError('reply', M.resolveWithReply);
    if (body.reply) await addReply(tx, actor, feedbackId, body.reply);
    await setState(tx, actor, feedbackId, from, to);
    return feedbackDetail(tx, feedbackId);
  });
}

/** An attachment of the feedback (or its thumbnail): only a file the feedback references. */
export async function feedbackAttachment(
  app: FastifyInstance,
  feedbackId: number,
  fileId: number,
  variant: 'file' | 'thumbnail',
) {
  const ids = await attachmentIdsOf(app.database.db, feedbackId);
  if (!ids) throw notFound('Feedback');
  if (!ids.includes(fileId)) throw notFound('Attachment');
  return openStored(app, fileId, 'Attachment', variant);
}
