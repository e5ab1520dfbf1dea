import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATES,
  type FeedbackReply,
  type FeedbackRow,
  type MemberFeedback,
} from '@app/contract/feedback';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feedback as f, feedbackReplies as r } from '../../db/schema/feedback';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { columnOf, defineList, type Expr } from '../../lib/lists/define';
import { custom, id, istDayRange, oneOf, parseWhole, refuse } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { memberSearch } from '../members';

const replyCount = sql<number>`(select count(*)::int from feedback_replies where feedback_id = ${f.id})`;
const lastReplyAt = sql<
  string | null
>`(select ${isoText(sql`max(created_at)`)} from feedback_replies where feedback_id = ${f.id})`;

/** Feedbacks Data, its export, the "Feedback" report and the member detail's tab. */
export const feedbackList = defineList<FeedbackRow>({
  columns: {
    id: { sql: f.id, label: 'Feedback', format: 'int', width: 8 },
    createdAt: { sql: isoText(f.createdAt), label: 'Received', format: 'datetime', width: 20 },
    memberId: f.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    memberMobile: { sql: members.mobile, label: 'Mobile', width: 12 },
    category: { sql: sql<FeedbackRow['category']>`${f.category}`, label: 'Category', width: 12 },
    rating: { sql: sql<number>`${f.rating}::int`, label: 'Rating', format: 'int', width: 8 },
    message: { sql: f.message, label: 'Message', width: 48 },
    state: { sql: sql<FeedbackRow['state']>`${f.state}`, label: 'State', width: 12 },
    attachmentCount: {
      sql: sql<number>`cardinality(${f.attachmentFileIds})::int`,
      label: 'Attachments',
      format: 'int',
      width: 8,
    },
    replyCount: { sql: replyCount, label: 'Replies', format: 'int', width: 8 },
    lastReplyAt: { sql: lastReplyAt, label: 'Last reply', format: 'datetime', width: 20 },
    updatedAt: isoText(f.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(f).innerJoin(members, eq(members.id, f.memberId)).$dynamic(),
  filters: {
    q: memberSearch(),
    state: oneOf(f.state, FEEDBACK_STATES),
    category: oneOf(f.category, FEEDBACK_CATEGORIES),
    rating: custom((value, key) => {
      const n = parseWhole(value, key);
      if (n < 1 || n > 5) throw refuse(key, 'Use a rating from 1 to 5');
      return sql`${f.rating} = ${n}`;
    }),
    memberId: id(f.memberId),
    ...istDayRange(f.createdAt),
  },
  sort: { id: f.id, createdAt: f.createdAt, updatedAt: f.updatedAt },
  defaultSort: 'id',
  id: f.id,
});

export const ofMember = (memberId: number) => eq(f.memberId, memberId);

const rowFields = Object.fromEntries(
  Object.entries(feedbackList.columns).map(([key, c]) => [key, columnOf(c as Expr).sql]),
);

export async function findFeedback(tx: Executor, feedbackId: number): Promise<FeedbackRow | undefined> {
  const [row] = (await feedbackList
    .from(tx, rowFields)
    .where(eq(f.id, feedbackId))) as unknown as FeedbackRow[];
  return row;
}

export async function lockFeedback(tx: Executor, feedbackId: number) {
  const [row] = await tx.select().from(f).where(eq(f.id, feedbackId)).for('update');
  return row;
}

export async function attachmentIdsOf(tx: Executor, feedbackId: number): Promise<number[] | undefined> {
  const [row] = await tx.select({ ids: f.attachmentFileIds }).from(f).where(eq(f.id, feedbackId));
  return row?.ids;
}

/** Replies, oldest first (a conversation). */
export async function repliesOf(tx: Executor, feedbackIds: number[]) {
  if (feedbackIds.length === 0) return [];
  return tx
    .select({
      id: r.id,
      feedbackId: r.feedbackId,
      staffName: staff.name,
      text: r.text,
      createdAt: isoText(r.createdAt),
    })
    .from(r)
    .leftJoin(staff, eq(staff.id, r.staffId))
    .where(inArray(r.feedbackId, feedbackIds))
    .orderBy(asc(r.id));
}

export const replyOnly = ({ id, staffName, text, createdAt }: FeedbackReply & { feedbackId: number }) => ({
  id,
  staffName,
  text,
  createdAt,
});

/** The member's own feedback, newest first, each with its replies (no staff names). */
export async function feedbackOfMember(
  tx: Executor,
  memberId: number,
  only?: number,
): Promise<MemberFeedback[]> {
  const rows = await tx
    .select({
      id: f.id,
      category: sql<MemberFeedback['category']>`${f.category}`,
      rating: sql<number>`${f.rating}::int`,
      message: f.message,
      state: sql<MemberFeedback['state']>`${f.state}`,
      attachmentCount: sql<number>`cardinality(${f.attachmentFileIds})::int`,
      createdAt: isoText(f.createdAt),
    })
    .from(f)
    .where(only === undefined ? eq(f.memberId, memberId) : eq(f.id, only))
    .orderBy(desc(f.id));
  const replies = await repliesOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    replies: replies
      .filter((reply) => reply.feedbackId === row.id)
      .map(({ id, text, createdAt }) => ({ id, text, createdAt })),
  }));
}
