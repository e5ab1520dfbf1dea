import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { staff } from './staff';

/** Member feedback (PRODUCT.md §3.7): `open → in_progress → resolved`, with staff replies. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** product | scheme | points | redemption | app | other */
    category: text('category').notNull(),
    rating: smallint('rating').notNull(),
    message: text('message').notNull(),
    /** The member's own uploads (purpose feedback_attachment), claimed with the feedback. */
    attachmentFileIds: integer('attachment_file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** open | in_progress | resolved */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_member_idx').on(t.memberId, t.id),
    index('feedback_state_idx').on(t.state, t.id),
    index('feedback_created_idx').on(t.createdAt, t.id),
    check('feedback_rating_check', sql`${t.rating} between 1 and 5`),
    check('feedback_state_check', sql`${t.state} in ('open', 'in_progress', 'resolved')`),
  ],
);

/** Staff replies to a feedback, shown to the member in the app. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id),
    staffId: integer('staff_id').references(() => staff.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.id)],
);
