import { shiftDay, todayInIndia } from '@app/contract/format';
import type { GameBody } from '@app/contract/games';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../lib/audit';
import * as games from '../modules/games/games.service';
import { staffIdOf } from './coupon-activity';

const WHEEL: GameBody['prizes'] = [
  { label: 'Better luck next time', points: 0, probability: 3500 },
  { label: '5 points', points: 5, probability: 3000 },
  { label: '10 points', points: 10, probability: 2000 },
  { label: '25 points', points: 25, probability: 1000 },
  { label: '100 points', points: 100, probability: 450 },
  { label: '500 points', points: 500, probability: 50 },
];
const CARD: GameBody['prizes'] = [
  { label: '10 points', points: 10, probability: 5000 },
  { label: '50 points', points: 50, probability: 4000 },
  { label: '250 points', points: 250, probability: 1000 },
];

/**
 * Demo games in every state, made through the games service (so each has its audit trail), with
 * plays drawn by the service's own draw: a live spin wheel and a live (edited) scratch card played
 * over the last week, an ended spin wheel played last month, an upcoming scratch card and an
 * archived wheel. Plays of past days are made for that day, then their time is set within it (the
 * ledger entries they posted keep the time of seeding: the ledger is append-only).
 */
export async function seedDemoGames(database: Database): Promise<void> {
  const app = { database } as unknown as FastifyInstance;
  const { db } = database;
  const actor = async (role: string): Promise<Actor> => ({
    id: await staffIdOf(db, role),
    role,
    requestId: null,
  });
  const admin = await actor('admin');
  const almond = await actor('almond team');
  const today = todayInIndia();
  const body = (b: Partial<GameBody> & Pick<GameBody, 'name' | 'kind' | 'prizes'>): GameBody => ({
    startsOn: shiftDay(today, -14),
    endsOn: shiftDay(today, 30),
    playsPerDay: 3,
    ...b,
  });

  const wheel = await games.createGame(
    app,
    admin,
    body({ name: 'Daily spin wheel', kind: 'spin_wheel', prizes: WHEEL }),
  );
  const card = await games.createGame(
    app,
    admin,
    body({
      name: 'Festive scratch card',
      kind: 'scratch_card',
      playsPerDay: 1,
      prizes: CARD,
      endsOn: shiftDay(today, 10),
    }),
  );
  await games.updateGame(app, almond, card.id, {
    ...body({ name: 'Festive scratch card', kind: 'scratch_card', playsPerDay: 1, prizes: CARD }),
    startsOn: card.startsOn,
    endsOn: shiftDay(today, 12),
  });
  const ended = await games.createGame(
    app,
    admin,
    body({
      name: 'Monsoon spin wheel',
      kind: 'spin_wheel',
      playsPerDay: 2,
      prizes: WHEEL,
      startsOn: shiftDay(today, -60),
      endsOn: today,
    }),
  );
  await games.createGame(
    app,
    admin,
    body({
      name: 'Republic Day scratch card',
      kind: 'scratch_card',
      playsPerDay: 2,
      prizes: CARD,
      startsOn: shiftDay(today, 5),
      endsOn: shiftDay(today, 20),
    }),
  );
  const archived = await games.createGame(
    app,
    admin,
    body({ name: 'Launch week wheel', kind: 'spin_wheel', prizes: WHEEL, endsOn: shiftDay(today, 3) }),
  );

  const players = (
    await db.execute(sql`select id from members where status = 'approved' order by id limit 6`)
  ).rows.map((r) => Number((r as { id: number }).id));

  /** When each play of a past day happened (set in one statement at the end). */
  const times: { id: number; at: string }[] = [];
  /** Plays `count` times on `day` (IST); a past day's plays are given a time within that day. */
  const playOn = async (gameId: number, memberId: number, day: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const played = await db.transaction((tx) => games.playInTx(tx, memberId, gameId, day));
      if (day === today) continue;
      const minutes = 9 * 60 + ((memberId * 37 + i * 101 + gameId * 13) % (11 * 60));
      const at = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+05:30`;
      times.push({ id: played.playId, at });
    }
  };
  // Day by day, oldest first, so the plays' ids follow their time.
  for (let back = 54; back >= 30; back -= 6)
    for (const [index, memberId] of players.entries())
      await playOn(ended.id, memberId, shiftDay(today, -back), 1 + (index % 2));
  for (let back = 4; back >= 0; back--) {
    const day = shiftDay(today, -back);
    for (const [index, memberId] of players.entries()) {
      if ((index + back) % 3 !== 0) await playOn(wheel.id, memberId, day, 1 + ((index + back) % 2));
      if ((index + back) % 2 === 0) await playOn(card.id, memberId, day, 1);
      if (back === 0 && index < 3) await playOn(archived.id, memberId, today, 1);
    }
  }
  await db.execute(
    sql`update game_plays p set played_at = t.at from unnest(${`{${times.map((t) => t.id).join(',')}}`}::bigint[],
      ${`{${times.map((t) => `"${t.at}"`).join(',')}}`}::timestamptz[]) as t(id, at) where p.id = t.id`,
  );
  // The monsoon wheel ran last month: its dates are moved into the past after its plays.
  await db.execute(
    sql`update games set starts_on = ${shiftDay(today, -60)}::date, ends_on = ${shiftDay(today, -30)}::date,
      created_at = now() - interval '61 days' where id = ${ended.id}`,
  );
  await games.archiveGame(app, almond, archived.id);
}
