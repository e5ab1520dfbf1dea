import {
  FEEDBACK_NEXT,
  type FeedbackCreateBody,
  type FeedbackDetail,
  type FeedbackState,
  FEEDBACK_MESSAGES as M,
} from '@app/contract/feedback';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { feedback, feedbackReplies } from '../../db/schema/feedback';
import { files } from '../../db/schema/files';
import { members } from '../../db/schema/members';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { claimFile, openStored } from '../files/files.service';
import {
  attachmentIdsOf,
  feedbackOfMember,
  findFeedback,
  lockFeedback,
  repliesOf,
  replyOnly,
} from './feedback.repository';

export const FEEDBACK_ENTITY = 'feedback';

/** A member sends feedback; attachments must be the member's own unused feedback uploads. */
export function createFeedback(
  app: FastifyInstance,
  memberId: number,
  body: FeedbackCreateBody,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx) => {
    const [m] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId));
    if (!m) throw notFound('Member');
    if (m.status === 'blocked')
      throw new AppError(409, 'member_not_allowed', 'A blocked member cannot send feedback');
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

/** A staff reply, shown to the member in the app; audited with the feedback. */
export async function replyToFeedback(app: FastifyInstance, actor: Actor, feedbackId: number, text: string) {
  return app.database.db.transaction(async (tx) => {
    const current = await lockFeedback(tx, feedbackId);
    if (!current) throw notFound('Feedback');
    const [reply] = await tx
      .insert(feedbackReplies)
      .values({ feedbackId, staffId: actor.id, text })
      .returning({ id: feedbackReplies.id });
    await tx.update(feedback).set({ updatedAt: sql`now()` }).where(eq(feedback.id, feedbackId));
    await audit(tx, actor, {
      action: 'feedback.replied',
      entity: FEEDBACK_ENTITY,
      entityId: feedbackId,
      after: { reply: reply!.id, text },
    });
    return feedbackDetail(tx, feedbackId);
  });
}

/** Moves the feedback one step along `open → in_progress → resolved`; any other move is a 409. */
export async function moveFeedback(
  app: FastifyInstance,
  actor: Actor,
  feedbackId: number,
  to: FeedbackState,
) {
  return app.database.db.transaction(async (tx) => {
    const current = await lockFeedback(tx, feedbackId);
    if (!current) throw notFound('Feedback');
    const from = current.state as FeedbackState;
    if (FEEDBACK_NEXT[from] !== to)
      throw conflict(
        from === to
          ? `This feedback is already ${from.replace('_', ' ')}`
          : `Feedback that is ${from.replace('_', ' ')} cannot move to ${to.replace('_', ' ')}`,
      );
    await tx.update(feedback).set({ state: to, updatedAt: sql`now()` }).where(eq(feedback.id, feedbackId));
    await audit(tx, actor, {
      action: `feedback.${to}`,
      entity: FEEDBACK_ENTITY,
      entityId: feedbackId,
      before: { state: from },
      after: { state: to },
    });
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
