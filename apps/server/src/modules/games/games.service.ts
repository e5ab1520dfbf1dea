import { istDayStart, todayInIndia } from '@app/contract/format';
import {
  GAME_BUDGET_MESSAGES,
  GAME_ENTITY,
  GAME_MESSAGES,
  type GameBody,
  type GameRow,
  type PlayAnswer,
} from '@app/contract/games';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { postEntry } from '../ledger';
import { linkCampaign, startCampaign } from '../segments';
import { drawPrize } from './games.draw';
import * as repo from './games.repository';

export { gameList, playList, playsOfMember } from './games.repository';

async function load(tx: Executor, id: number): Promise<GameRow> {
  const row = await repo.findGame(tx, id);
  if (!row) throw notFound('Game');
  return row;
}

export const getGame = (app: FastifyInstance, id: number) => load(app.database.db, id);

/** What the audit keeps of a game: its terms and prize table (ids and counters change by themselves). */
const snapshot = (g: GameRow) => ({
  name: g.name,
  kind: g.kind,
  startsOn: g.startsOn,
  endsOn: g.endsOn,
  playsPerDay: g.playsPerDay,
  prizeBudgetPoints: g.prizeBudgetPoints,
  status: g.status,
  prizes: g.prizes.map(({ label, points, probability }) => ({ label, points, probability })),
});

function values(body: GameBody) {
  return {
    name: body.name,
    kind: body.kind,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    playsPerDay: body.playsPerDay,
    prizeBudgetPoints: body.prizeBudgetPoints ?? null,
  };
}

export function createGame(app: FastifyInstance, actor: Actor, body: GameBody) {
  if (body.endsOn < todayInIndia()) throw fieldError('endsOn', GAME_MESSAGES.pastEnd);
  return app.database.db.transaction(async (tx) => {
    const id = await repo.insertGame(tx, { ...values(body), createdBy: actor.id });
    await repo.replacePrizes(tx, id, body.prizes);
    if (body.target) {
      const { campaignId } = await startCampaign(tx, actor, {
        kind: 'game',
        target: body.target,
        startsAt: istDayStart(body.startsOn)!,
        endsAt: istDayStart(body.endsOn, 1)!,
        field: 'target.segmentId',
      });
      await linkCampaign(tx, campaignId, id);
      await repo.setGameCampaign(tx, id, campaignId);
    }
    const created = await load(tx, id);
    await audit(tx, actor, {
      action: 'game.created',
      entity: GAME_ENTITY,
      entityId: id,
      after: snapshot(created),
    });
    return created;
  });
}

/**
 * Edits an active game: its terms and, when it differs, its prize table (the old table is retired,
 * plays keep the prize they won). An edit that changes nothing leaves no audit entry.
 */
export function updateGame(app: FastifyInstance, actor: Actor, id: number, body: GameBody) {
  return app.database.db.transaction(async (tx) => {
    const locked = await repo.lockGame(tx, id);
    if (!locked) throw notFound('Game');
    if (locked.status === 'archived') throw conflict(GAME_MESSAGES.archived);
    // An end date already past may stay as it was (an ended game renamed), not be moved into the past.
    if (body.endsOn < todayInIndia() && body.endsOn !== locked.endsOn)
      throw fieldError('endsOn', GAME_MESSAGES.pastEnd);
    const before = await load(tx, id);
    const next = { ...snapshot(before), ...values(body), prizes: body.prizes };
    if (JSON.stringify(next) === JSON.stringify(snapshot(before))) return before;
    await repo.updateGame(tx, id, values(body));
    if (JSON.stringify(next.prizes) !== JSON.stringify(snapshot(before).prizes))
      await repo.replacePrizes(tx, id, body.prizes);
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'game.updated',
      entity: GAME_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Archives a game: members can no longer play it; its plays stay in the history. */
export function archiveGame(app: FastifyInstance, actor: Actor, id: number) {
  return app.database.db.transaction(async (tx) => {
    const locked = await repo.lockGame(tx, id);
    if (!locked) throw notFound('Game');
    if (locked.status === 'archived') throw conflict(GAME_MESSAGES.archived);
    const before = await load(tx, id);
    await repo.updateGame(tx, id, { status: 'archived', archivedBy: actor.id, archivedAt: new Date() });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'game.archived',
      entity: GAME_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** The member app's games: open today, with the plays this member has left today. */
export const openGames = (app: FastifyInstance, memberId: number) =>
  repo.openGames(app.database.db, memberId, todayInIndia());

const refused = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * One play, in one transaction: the member row is locked (one member's plays run one at a time, so
 * the count of today's plays is exact and the daily limit holds under any concurrency; the unique
 * slot (game, member, day, slot) backs it), the game must be active and open today (IST), the
 * prize is drawn on the server (`drawPrize`, crypto.randomInt), and its points post to the ledger
 * as `game` with the play as reference. A prize of 0 points ("better luck next time") is a play
 * without a ledger entry (the ledger holds no zero entries).
 */
export async function playInTx(tx: Tx, memberId: number, gameId: number, day: string): Promise<PlayAnswer> {
  const member = await repo.lockMember(tx, memberId);
  if (!member) throw notFound('Member');
  if (member.status !== 'approved') throw refused(403, 'member_not_allowed', GAME_MESSAGES.memberNotAllowed);
  const game = await repo.gameForPlay(tx, gameId);
  if (!game) throw notFound('Game');
  if (game.status !== 'active') throw refused(409, 'game_closed', GAME_MESSAGES.archived);
  if (day < game.startsOn || day > game.endsOn) throw refused(409, 'game_closed', GAME_MESSAGES.notOpen);
  if (game.campaignId !== null && !(await repo.inCampaign(tx, game.campaignId, memberId)))
    throw refused(403, 'member_not_allowed', GAME_MESSAGES.notForYou);
  const played = await repo.playsToday(tx, gameId, memberId, day);
  if (played >= game.playsPerDay) throw refused(409, 'daily_limit', GAME_MESSAGES.noPlaysLeft);
  const prize = drawPrize(await repo.currentPrizes(tx, gameId));
  // A prize budget pays a prize only while it covers all of it; the play is refused otherwise
  // (nothing recorded, the play not used). Lock order: member, game (share), then the spend row.
  if (
    prize.points > 0 &&
    game.prizeBudgetPoints !== null &&
    !(await repo.chargePrizeBudget(tx, gameId, prize.points, game.prizeBudgetPoints))
  )
    throw refused(
      409,
      'prize_budget_exhausted',
      member.language === 'hi' ? GAME_BUDGET_MESSAGES.hi : GAME_BUDGET_MESSAGES.en,
    );
  const play = await repo
    .insertPlay(tx, {
      gameId,
      memberId,
      prizeId: prize.id,
      prizeLabel: prize.label,
      points: prize.points,
      playDay: day,
      slot: played + 1,
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw refused(409, 'daily_limit', GAME_MESSAGES.noPlaysLeft);
      throw error;
    });
  // A 0-point prize moves no points: the balance is the one read under the member's lock.
  const balance =
    prize.points > 0
      ? (
          await postEntry(tx, {
            memberId,
            amount: prize.points,
            kind: 'game',
            reference: `game:${play.id}`,
            note: prize.label,
          })
        ).balanceAfter
      : member.balance;
  return {
    playId: play.id,
    gameId,
    prize: { id: prize.id, label: prize.label, points: prize.points },
    points: prize.points,
    playsLeft: game.playsPerDay - played - 1,
    balance,
    playedAt: play.playedAt,
  };
}

/** The member API's play: exactly once per Idempotency-Key (a repeat replays the same prize). */
export function play(app: FastifyInstance, memberId: number, gameId: number, ctx: IdempotencyContext) {
  const day = todayInIndia();
  return idempotent(app, ctx, (tx) => playInTx(tx, memberId, gameId, day));
}
