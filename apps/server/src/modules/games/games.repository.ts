import {
  GAME_KIND_LABELS,
  GAME_KINDS,
  GAME_PHASES,
  GAME_STATUSES,
  type GameKind,
  type GamePlayRow,
  type GameRow,
  type PrizeRow,
  percentOf,
} from '@app/contract/games';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gamePlays, gamePrizes, games } from '../../db/schema/games';
import { members } from '../../db/schema/members';
import type { DashboardRange } from '../../lib/dashboard/provider';
import { inRange } from '../../lib/dashboard/series';
import { defineList, type Expr } from '../../lib/lists/define';
import { id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { memberSearch } from '../members';

/** Today in India, in SQL: the day games open and close by, and plays are counted by. */
const todayIst = sql`(now() at time zone 'Asia/Kolkata')::date`;

export const gamePhase = sql<GameRow['phase']>`case
  when ${games.status} = 'archived' then 'archived'
  when ${todayIst} < ${games.startsOn} then 'upcoming'
  when ${todayIst} > ${games.endsOn} then 'ended'
  else 'live' end`;

const prizesOf = sql<PrizeRow[]>`coalesce((
  select json_agg(json_build_object('id', p.id::int, 'label', p.label, 'points', p.points,
    'probability', p.probability) order by p.position)
  from game_prizes p where p.game_id = games.id and not p.retired), '[]'::json)`;

const playCount = sql<number>`(select count(*)::int from game_plays gp where gp.game_id = games.id)`;
const pointsWon = sql<number>`(select coalesce(sum(gp.points), 0)::int from game_plays gp where gp.game_id = games.id)`;
const prizeBudgetSpent = sql<number>`coalesce((select ps.spent_points from game_prize_spend ps where ps.game_id = games.id), 0)`;
const createdByName = sql<string | null>`(select s.name from staff s where s.id = ${games.createdBy})`;

const columns = {
  id: games.id,
  name: games.name,
  kind: sql<GameKind>`${games.kind}`,
  startsOn: sql<string>`${games.startsOn}::text`,
  endsOn: sql<string>`${games.endsOn}::text`,
  playsPerDay: games.playsPerDay,
  prizeBudgetPoints: games.prizeBudgetPoints,
  prizeBudgetSpent: prizeBudgetSpent,
  status: sql<GameRow['status']>`${games.status}`,
  phase: gamePhase,
  prizes: prizesOf,
  plays: playCount,
  pointsWon,
  createdByName,
  createdAt: isoText(games.createdAt),
  updatedAt: isoText(games.updatedAt),
};

/** Games and their export (the prize table as one text cell). */
export const gameList = defineList<GameRow>({
  columns: {
    ...(columns as unknown as Record<keyof GameRow, Expr>),
    id: { sql: games.id, label: 'Game', format: 'int', width: 8 },
    name: { sql: games.name, label: 'Name', width: 28 },
    startsOn: { sql: columns.startsOn, label: 'Starts', format: 'date', width: 12 },
    endsOn: { sql: columns.endsOn, label: 'Ends', format: 'date', width: 12 },
    playsPerDay: { sql: games.playsPerDay, label: 'Plays per day', format: 'int', width: 10 },
    status: { sql: columns.status, label: 'Status', width: 10 },
    phase: { sql: gamePhase, label: 'Today', width: 10 },
    plays: { sql: playCount, label: 'Plays', format: 'int', width: 10 },
    pointsWon: { sql: pointsWon, label: 'Points won', format: 'int', width: 12 },
    createdByName: { sql: createdByName, label: 'Created by', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  computed: {
    kindLabel: { label: 'Kind', width: 14, cell: (r) => GAME_KIND_LABELS[r.kind] ?? r.kind },
    prizeTable: {
      label: 'Prizes (points, probability)',
      width: 60,
      cell: (r) => r.prizes.map((p) => `${p.label}: ${p.points} (${percentOf(p.probability)})`).join('; '),
    },
  },
  from: (db, fields) => db.select(fields).from(games).$dynamic(),
  filters: {
    q: text(games.name),
    kind: oneOf(games.kind, GAME_KINDS),
    status: oneOf(games.status, GAME_STATUSES),
    phase: oneOf(gamePhase, GAME_PHASES),
  },
  sort: { id: games.id, name: games.name, startsOn: games.startsOn, endsOn: games.endsOn },
  defaultSort: 'id',
  id: games.id,
});

/** Every play with member and game (Games Points history, the member's tab, the report). */
export const playList = defineList<GamePlayRow>({
  columns: {
    id: { sql: gamePlays.id, label: 'Play', format: 'int', width: 10 },
    playedAt: { sql: isoText(gamePlays.playedAt), label: 'Time', format: 'datetime', width: 20 },
    playDay: sql<string>`${gamePlays.playDay}::text`,
    memberId: gamePlays.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    gameId: sql<number>`${gamePlays.gameId}::int`,
    gameName: { sql: games.name, label: 'Game', width: 24 },
    gameKind: { sql: sql<GameKind>`${games.kind}`, label: 'Kind', width: 14 },
    prizeLabel: { sql: gamePlays.prizeLabel, label: 'Prize', width: 20 },
    points: { sql: gamePlays.points, label: 'Points', format: 'int', width: 10 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(gamePlays)
      .innerJoin(members, eq(members.id, gamePlays.memberId))
      .innerJoin(games, eq(games.id, gamePlays.gameId))
      .$dynamic(),
  filters: {
    q: memberSearch(),
    gameId: id(gamePlays.gameId),
    memberId: id(gamePlays.memberId),
    kind: oneOf(games.kind, GAME_KINDS),
    ...istDayRange(gamePlays.playedAt),
  },
  sort: { id: gamePlays.id, playedAt: gamePlays.playedAt, points: gamePlays.points },
  defaultSort: 'playedAt',
  id: gamePlays.id,
});

export const playsOfMember = (memberId: number) => eq(gamePlays.memberId, memberId);

export async function findGame(tx: Executor, gameId: number): Promise<GameRow | undefined> {
  const [row] = await tx.select(columns).from(games).where(eq(games.id, gameId));
  return row as GameRow | undefined;
}

export async function lockGame(tx: Executor, gameId: number) {
  const [row] = await tx
    .select({
      id: games.id,
      status: games.status,
      startsOn: sql<string>`${games.startsOn}::text`,
      endsOn: sql<string>`${games.endsOn}::text`,
      playsPerDay: games.playsPerDay,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .for('update');
  return row;
}

/** The game as a play reads it (a share lock: an edit or archive waits for running plays, and they for it). */
export const setGameCampaign = (tx: Executor, id: number, campaignId: number) =>
  tx.update(games).set({ campaignId }).where(eq(games.id, id));

/** Whether the member may play a game aimed at a segment: on its frozen list and not held out. */
export async function inCampaign(tx: Executor, campaignId: number, memberId: number) {
  const result = await tx.execute(sql`select 1 from campaign_members
    where campaign_id = ${campaignId} and member_id = ${memberId} and not holdout`);
  return result.rows.length > 0;
}

export async function gameForPlay(tx: Executor, gameId: number) {
  const [row] = await tx
    .select({
      id: games.id,
      status: games.status,
      startsOn: sql<string>`${games.startsOn}::text`,
      endsOn: sql<string>`${games.endsOn}::text`,
      playsPerDay: games.playsPerDay,
      prizeBudgetPoints: games.prizeBudgetPoints,
      campaignId: games.campaignId,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .for('share');
  return row;
}

/**
 * Charges a prize to the game's budget: one guarded upsert, so concurrent plays queue on the spend row
 * and the total never passes the budget. False when the budget cannot pay all of it.
 */
export async function chargePrizeBudget(tx: Executor, gameId: number, points: number, budget: number) {
  if (points > budget) return false;
  const { rows } =
    await tx.execute(sql`insert into game_prize_spend (game_id, spent_points) values (${gameId}, ${points})
    on conflict (game_id) do update set spent_points = game_prize_spend.spent_points + excluded.spent_points
      where game_prize_spend.spent_points + excluded.spent_points <= ${budget}
    returning game_id`);
  return rows.length > 0;
}

export async function insertGame(tx: Executor, values: typeof games.$inferInsert): Promise<number> {
  const [row] = await tx.insert(games).values(values).returning({ id: games.id });
  return row!.id;
}

export async function updateGame(tx: Executor, gameId: number, values: Partial<typeof games.$inferInsert>) {
  await tx
    .update(games)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(games.id, gameId));
}

/** Replaces the current prize table: the old rows are retired (plays keep pointing at them). */
export async function replacePrizes(
  tx: Executor,
  gameId: number,
  prizes: { label: string; points: number; probability: number }[],
) {
  await tx
    .update(gamePrizes)
    .set({ retired: true })
    .where(and(eq(gamePrizes.gameId, gameId), eq(gamePrizes.retired, false)));
  await tx.insert(gamePrizes).values(prizes.map((p, position) => ({ ...p, gameId, position })));
}

export const currentPrizes = (tx: Executor, gameId: number) =>
  tx
    .select({
      id: gamePrizes.id,
      label: gamePrizes.label,
      points: gamePrizes.points,
      probability: gamePrizes.probability,
    })
    .from(gamePrizes)
    .where(and(eq(gamePrizes.gameId, gameId), eq(gamePrizes.retired, false)))
    .orderBy(asc(gamePrizes.position));

/** Locks the member row: one member's plays run one after another, so counting today's plays is exact. */
export async function lockMember(tx: Executor, memberId: number) {
  const [row] = await tx
    .select({ id: members.id, status: members.status, balance: members.balance, language: members.language })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return row;
}

export async function playsToday(tx: Executor, gameId: number, memberId: number, day: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(gamePlays)
    .where(and(eq(gamePlays.gameId, gameId), eq(gamePlays.memberId, memberId), eq(gamePlays.playDay, day)));
  return Number(row?.n ?? 0);
}

export async function insertPlay(tx: Executor, values: typeof gamePlays.$inferInsert) {
  const [row] = await tx
    .insert(gamePlays)
    .values(values)
    .returning({ id: gamePlays.id, playedAt: isoText(gamePlays.playedAt) });
  return row!;
}

/** Games open today for the member app, with the member's plays of each today. */
export async function openGames(tx: Executor, memberId: number, day: string) {
  const rows = await tx
    .select({
      id: games.id,
      name: games.name,
      kind: sql<GameKind>`${games.kind}`,
      endsOn: sql<string>`${games.endsOn}::text`,
      playsPerDay: games.playsPerDay,
      played: sql<number>`(select count(*)::int from game_plays gp where gp.game_id = games.id
        and gp.member_id = ${memberId} and gp.play_day = ${day}::date)`,
      prizes: sql<{ id: number; label: string; points: number }[]>`coalesce((
        select json_agg(json_build_object('id', p.id::int, 'label', p.label, 'points', p.points) order by p.position)
        from game_prizes p where p.game_id = games.id and not p.retired), '[]'::json)`,
    })
    .from(games)
    .where(
      and(
        eq(games.status, 'active'),
        sql`${games.startsOn} <= ${day}::date`,
        sql`${games.endsOn} >= ${day}::date`,
        // A game aimed at a segment is open to its campaign's members, not its holdout.
        sql`(${games.campaignId} is null or exists (select 1 from campaign_members cm
          where cm.campaign_id = ${games.campaignId} and cm.member_id = ${memberId} and not cm.holdout))`,
      ),
    )
    .orderBy(asc(games.endsOn), asc(games.id));
  return rows.map(({ played, ...g }) => ({
    ...g,
    playsLeft: Math.max(0, g.playsPerDay - Number(played)),
  }));
}

/** Plays in a dashboard range and the points they won. */
export async function playsInRange(tx: Executor, range: DashboardRange) {
  const [row] = await tx
    .select({
      plays: sql<number>`count(*)`.mapWith(Number),
      points: sql<number>`coalesce(sum(${gamePlays.points}), 0)`.mapWith(Number),
    })
    .from(gamePlays)
    .where(inRange(gamePlays.playedAt, range));
  return { plays: row?.plays ?? 0, points: row?.points ?? 0 };
}
