import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * Games Points (PRODUCT.md 3.4). A game is open from `starts_on` to `ends_on` (IST days, both
 * inclusive) while `status` is `active`; `archived` games are closed for good.
 */
export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** spin_wheel | scratch_card */
    kind: text('kind').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    playsPerDay: integer('plays_per_day').notNull(),
    /** Points the game may pay out in prizes over its life; null = no budget. */
    prizeBudgetPoints: integer('prize_budget_points'),
    /** active | archived */
    status: text('status').notNull().default('active'),
    /** Only the members of this campaign's frozen segment (not its holdout) may play; null: everyone. */
    campaignId: bigint('campaign_id', { mode: 'number' }),
    createdBy: integer('created_by'),
    archivedBy: integer('archived_by'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('games_dates', sql`${t.endsOn} >= ${t.startsOn}`),
    check('games_plays_per_day', sql`${t.playsPerDay} between 1 and 100`),
    check('games_prize_budget', sql`${t.prizeBudgetPoints} is null or ${t.prizeBudgetPoints} > 0`),
    index('games_open_idx').on(t.status, t.startsOn, t.endsOn),
  ],
);

/**
 * A game's prize table: probabilities in basis points (10,000 = 100%). An edit retires the current
 * rows and inserts the new table, so a play keeps pointing at the prize it won.
 */
export const gamePrizes = pgTable(
  'game_prizes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    points: integer('points').notNull(),
    probability: integer('probability').notNull(),
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [
    check('game_prizes_points', sql`${t.points} >= 0`),
    check('game_prizes_probability', sql`${t.probability} between 1 and 10000`),
    index('game_prizes_game_idx').on(t.gameId, t.retired, t.position),
  ],
);

/**
 * Every play. `slot` counts a member's plays of one game on one IST day from 1; the unique key on
 * (game, member, day, slot) is the last guard of the daily limit (the service also locks the member).
 */
export const gamePlays = pgTable(
  'game_plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    prizeId: bigint('prize_id', { mode: 'number' })
      .notNull()
      .references(() => gamePrizes.id),
    prizeLabel: text('prize_label').notNull(),
    points: integer('points').notNull(),
    playDay: date('play_day').notNull(),
    slot: integer('slot').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_plays_slot_key').on(t.gameId, t.memberId, t.playDay, t.slot),
    check('game_plays_points', sql`${t.points} >= 0`),
    index('game_plays_member_idx').on(t.memberId, t.id),
    index('game_plays_game_idx').on(t.gameId, t.id),
    index('game_plays_played_idx').on(t.playedAt, t.id),
  ],
);

/**
 * What a game with a prize budget has paid out, on its own row: a play holds the game row in share
 * mode, so the charge cannot go there (two plays upgrading their share locks would deadlock). The
 * guarded upsert in the play queues concurrent plays on this row and never passes the budget.
 */
export const gamePrizeSpend = pgTable(
  'game_prize_spend',
  {
    gameId: bigint('game_id', { mode: 'number' })
      .primaryKey()
      .references(() => games.id),
    spentPoints: integer('spent_points').notNull(),
  },
  (t) => [check('game_prize_spend_points', sql`${t.spentPoints} >= 0`)],
);
