import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * The channel: which dealer (a member of type dealer or retailer) each trade partner buys through,
 * with its history. `members.dealer_id` is the link in force (the scan reads it); each row here is one
 * period a partner spent with one dealer, who made it and who ended it. One open row per partner.
 */
export const dealerLinks = pgTable(
  'dealer_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => members.id),
    /** partner (in the app) | dealer (in the app) | staff | upload */
    linkedVia: text('linked_via').notNull(),
    linkedByStaff: integer('linked_by_staff'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    /** partner | dealer | staff | upload (a new dealer replaced this one the same way) */
    endedVia: text('ended_via'),
    endedByStaff: integer('ended_by_staff'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dealer_links_open_key').on(t.memberId).where(sql`${t.endedAt} is null`),
    index('dealer_links_member_idx').on(t.memberId, t.id),
    index('dealer_links_dealer_idx').on(t.dealerId, t.linkedAt),
    check('dealer_links_not_self', sql`${t.memberId} <> ${t.dealerId}`),
    check('dealer_links_via', sql`${t.linkedVia} in ('partner', 'dealer', 'staff', 'upload')`),
  ],
);
