import { z } from 'zod';
import { auditEntry } from './audit';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, text } from './input';
import { idempotencyHeaders } from './member-app';
import type { ReportDefinition } from './report-definition';
import { campaignTarget } from './segments';

/**
 * Games Points (`/dashboard/gamespoints`, PRODUCT.md 3.4): spin wheels and scratch cards open between
 * two IST days, a number of plays per member per day, and a prize table whose probabilities add up
 * to exactly 100%. Probabilities are whole basis points (1 bp = 0.01%, 10,000 bp = 100%), so the sum
 * is exact. The draw is made on the server from a cryptographic source; each play posts its points
 * to the ledger as kind `game`.
 */
export const GAMES_PAGE = '/dashboard/gamespoints';
export const GAME_ENTITY = 'game';

export const GAME_KINDS = ['spin_wheel', 'scratch_card'] as const;
export type GameKind = (typeof GAME_KINDS)[number];
export const GAME_KIND_LABELS: Record<GameKind, string> = {
  spin_wheel: 'Spin wheel',
  scratch_card: 'Scratch card',
};

export const GAME_STATUSES = ['active', 'archived'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Where an active game stands today (IST); archived games are `archived`. */
export const GAME_PHASES = ['upcoming', 'live', 'ended', 'archived'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

/** 100% in basis points. */
export const PROBABILITY_TOTAL = 10_000;
export const MAX_PRIZES = 24;
export const MAX_PLAYS_PER_DAY = 100;
export const MAX_PRIZE_POINTS = 100_000;

/** Basis points as a percentage text: 1250 → `12.5%`. */
export const percentOf = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** A percentage typed by a person (`12.5`) as basis points, or null when it is not a multiple of 0.01. */
export function basisPointsOf(percent: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent.trim())) return null;
  const [whole, fraction = ''] = percent.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const GAME_MESSAGES = {
  nameRequired: 'Name is required',
  tooLong: 'At most 100 characters',
  kind: `The kind is one of: ${GAME_KINDS.join(', ')}`,
  dateRequired: 'Enter a date (YYYY-MM-DD)',
  endBeforeStart: 'The end date must be on or after the start date',
  pastEnd: 'The end date must be today or later',
  playsPerDay: `Plays per member per day: a whole number from 1 to ${MAX_PLAYS_PER_DAY}`,
  prizesRequired: 'Add at least one prize',
  tooManyPrizes: `At most ${MAX_PRIZES} prizes`,
  labelRequired: 'Prize label is required',
  labelTooLong: 'At most 60 characters',
  labelRepeated: 'Two prizes have this label',
  points: `Points: a whole number from 0 to ${MAX_PRIZE_POINTS.toLocaleString('en-IN')}`,
  probability: 'Probability: from 0.01% to 100% (in basis points, 1 to 10000)',
  total: (sum: number) => `The probabilities add up to ${percentOf(sum)}; they must add up to exactly 100%`,
  archived: 'This game is archived',
  notOpen: 'This game is not open today',
  notForYou: 'This game is for other members',
  noPlaysLeft: 'No plays left today for this game',
  memberNotAllowed: 'Only approved members can play',
  prizeBudget: 'Prize budget: a whole number of points above 0, or empty for none',
} as const;

/** A play refused because the game's prize budget cannot pay the prize drawn (member-facing: en + hi). */
export const GAME_BUDGET_MESSAGES = {
  en: "This game's prizes have run out",
  hi: 'इस गेम के इनाम खत्म हो गए हैं',
} as const;

const day = z.iso.date({ error: GAME_MESSAGES.dateRequired });

export const prizeBody = z.object({
  label: text(60, { required: GAME_MESSAGES.labelRequired, tooLong: GAME_MESSAGES.labelTooLong }),
  points: z
    .number({ error: GAME_MESSAGES.points })
    .int(GAME_MESSAGES.points)
    .min(0, GAME_MESSAGES.points)
    .max(MAX_PRIZE_POINTS, GAME_MESSAGES.points),
  /** Basis points: 1 = 0.01%, 10000 = 100%. */
  probability: z
    .number({ error: GAME_MESSAGES.probability })
    .int(GAME_MESSAGES.probability)
    .min(1, GAME_MESSAGES.probability)
    .max(PROBABILITY_TOTAL, GAME_MESSAGES.probability),
});
export type PrizeBody = z.infer<typeof prizeBody>;

export const gameBody = z
  .object({
    name: text(100, { required: GAME_MESSAGES.nameRequired, tooLong: GAME_MESSAGES.tooLong }),
    kind: z.enum(GAME_KINDS, { error: GAME_MESSAGES.kind }),
    startsOn: day,
    endsOn: day,
    playsPerDay: z
      .number({ error: GAME_MESSAGES.playsPerDay })
      .int(GAME_MESSAGES.playsPerDay)
      .min(1, GAME_MESSAGES.playsPerDay)
      .max(MAX_PLAYS_PER_DAY, GAME_MESSAGES.playsPerDay),
    /** Points the game may pay out in prizes over its life; empty = no budget. */
    prizeBudgetPoints: z
      .number({ error: GAME_MESSAGES.prizeBudget })
      .int(GAME_MESSAGES.prizeBudget)
      .min(1, GAME_MESSAGES.prizeBudget)
      .nullish(),
    /** Open only to a segment, frozen into a campaign when the game is created, less the holdout. */
    target: campaignTarget.nullish(),
    prizes: z
      .array(prizeBody, { error: GAME_MESSAGES.prizesRequired })
      .min(1, GAME_MESSAGES.prizesRequired)
      .max(MAX_PRIZES, GAME_MESSAGES.tooManyPrizes),
  })
  .superRefine((b, ctx) => {
    if (b.endsOn < b.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: GAME_MESSAGES.endBeforeStart });
    const seen = new Set<string>();
    b.prizes.forEach((p, i) => {
      const key = p.label.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['prizes', i, 'label'], message: GAME_MESSAGES.labelRepeated });
      seen.add(key);
    });
    const sum = b.prizes.reduce((s, p) => s + p.probability, 0);
    if (sum !== PROBABILITY_TOTAL)
      ctx.addIssue({ code: 'custom', path: ['prizes'], message: GAME_MESSAGES.total(sum) });
  });
export type GameBody = z.infer<typeof gameBody>;
export type GameInput = z.input<typeof gameBody>;

export const prizeRow = z.object({
  id: z.number().int(),
  label: z.string(),
  points: z.number().int(),
  probability: z.number().int(),
});
export type PrizeRow = z.infer<typeof prizeRow>;

export const gameRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(GAME_KINDS),
  startsOn: z.string(),
  endsOn: z.string(),
  playsPerDay: z.number().int(),
  prizeBudgetPoints: z.number().int().nullable(),
  /** Prize points paid out against the budget (0 without a budget). */
  prizeBudgetSpent: z.number().int(),
  status: z.enum(GAME_STATUSES),
  phase: z.enum(GAME_PHASES),
  prizes: z.array(prizeRow),
  plays: z.number().int(),
  pointsWon: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GameRow = z.infer<typeof gameRow>;

export const GAME_FILTERS = ['q', 'kind', 'status', 'phase'] as const;

/** One play in the history (Games Points, member detail, report). */
export const gamePlayRow = z.object({
  id: z.number().int(),
  playedAt: z.string(),
  playDay: z.string(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  gameId: z.number().int(),
  gameName: z.string(),
  gameKind: z.enum(GAME_KINDS),
  prizeLabel: z.string(),
  points: z.number().int(),
});
export type GamePlayRow = z.infer<typeof gamePlayRow>;

export const GAME_PLAY_FILTERS = ['q', 'gameId', 'memberId', 'from', 'to'] as const;

/** A game as the member app sees it: no probabilities, with what is left to play today. */
export const appGame = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(GAME_KINDS),
  endsOn: z.string(),
  playsPerDay: z.number().int(),
  playsLeft: z.number().int(),
  prizes: z.array(prizeRow.pick({ id: true, label: true, points: true })),
});
export type AppGame = z.infer<typeof appGame>;

export const playAnswer = z.object({
  playId: z.number().int(),
  gameId: z.number().int(),
  prize: prizeRow.pick({ id: true, label: true, points: true }),
  points: z.number().int(),
  playsLeft: z.number().int(),
  /** The member's balance after this play. */
  balance: z.number().int(),
  playedAt: z.string(),
});
export type PlayAnswer = z.infer<typeof playAnswer>;

/** Report types of this domain, spread into the catalogue (reports.ts). */
export const GAME_REPORTS = [
  {
    key: 'game_plays',
    label: 'Game plays',
    permission: GAMES_PAGE,
    dateField: 'Time of the play',
  },
] as const satisfies readonly ReportDefinition[];

/** The member app's games: what is open today, and a play. */
export const gamesAppEndpoints = {
  open: endpoint({
    method: 'GET',
    path: '/app/games',
    access: 'member',
    tags: ['member app'],
    summary: 'Games open today, with the plays I have left today',
    response: z.array(appGame),
  }),
  play: endpoint({
    method: 'POST',
    path: '/app/games/:id/play',
    access: { memberWrite: 'playGame' },
    tags: ['member app'],
    summary: 'Play a game: the prize is drawn on the server and its points credited once',
    headers: idempotencyHeaders,
    params: idParams,
    response: playAnswer,
  }),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['games'] as const;
const access = { page: GAMES_PAGE } as const;
const manage = { action: 'games.manage' } as const;

/** Games Points: games with their prize tables, their history, the play history. */
export const gamesEndpoints = {
  ...listEndpoints('/admin/games', { access, row: gameRow, tags, summary: 'Games with their prize tables' }),
  plays: listEndpoints('/admin/game-plays', { access, row: gamePlayRow, tags, summary: 'Play history' }),
  /** All Users → member detail: the member's game plays (read with the All Users page permission). */
  ofMember: listEndpoints('/admin/users/:id/game-plays', {
    access: { page: '/dashboard/users' },
    row: gamePlayRow,
    tags: ['members'],
    summary: 'Game plays tab',
    params: idParams,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/games/:id',
    access,
    tags,
    summary: 'One game',
    params: idParams,
    response: gameRow,
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/games/:id/history',
    access,
    tags,
    summary: 'A game’s history (audit)',
    params: idParams,
    response: z.array(auditEntry),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/games',
    access: manage,
    tags,
    summary: 'Create a game (probabilities must add up to 100%)',
    body: gameBody,
    response: gameRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/games/:id',
    access: manage,
    tags,
    summary: 'Edit a game and its prize table',
    params: idParams,
    body: gameBody,
    response: gameRow,
  }),
  archive: endpoint({
    method: 'POST',
    path: '/admin/games/:id/archive',
    access: manage,
    tags,
    summary: 'Archive a game (no more plays)',
    params: idParams,
    response: gameRow,
  }),
};
