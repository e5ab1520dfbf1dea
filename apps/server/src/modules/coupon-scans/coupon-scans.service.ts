import {
  SCAN_ATTEMPTS_PER_MINUTE,
  SCAN_FLAG_REASONS,
  SCAN_HELD_MESSAGE,
  SCAN_MESSAGES,
  type ScanAnswer,
  type ScanBody,
} from '@app/contract/coupon-scans';
import { parseCode } from '@app/contract/coupons';
import { formatDateTime } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { stateAt } from '../../lib/geo/india-states';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { scansCounted } from '../../lib/metrics';
import type { MemberPrincipal } from '../member-auth';

/** `scan_coupon`'s arguments in order, with their SQL types. */
const SCAN_TYPES = ['int', 'text', 'text', 'float8', 'float8', 'text', 'int', 'text', 'text'] as const;
/** `scan_coupon_once` takes the key's scope, key and fingerprint first. */
const ONCE_TYPES = ['text', 'text', 'text', ...SCAN_TYPES] as const;

/** A named statement: PostgreSQL prepares it once per connection and skips planning afterwards. */
const prepared = (fn: string, types: readonly string[]) => ({
  name: fn,
  text: `select ${fn}(${types.map((type, i) => `$${i + 1}::${type}`).join(', ')}) as answer`,
});
const SCAN = prepared('scan_coupon', SCAN_TYPES);
const SCAN_ONCE = prepared('scan_coupon_once', ONCE_TYPES);

function argumentsOf(memberId: number, body: ScanBody): unknown[] {
  const code = parseCode(body.code);
  return [
    memberId,
    code ?? null,
    (code ?? body.code.toUpperCase()).slice(0, 40),
    body.latitude ?? null,
    body.longitude ?? null,
    body.state ?? null,
    SCAN_ATTEMPTS_PER_MINUTE,
    // The state the fraud rule compares with the distributor's: decided here from the coordinates
    // (bundled boundaries, no network), never taken from the app; null without coordinates.
    stateAt(body.latitude, body.longitude),
    body.deviceId?.trim() || null,
  ];
}

type ScanDone = Omit<ScanAnswer, 'message'>;

/** Counts the scan by its result for `/metrics` (scans per minute by result). */
function counted(done: ScanDone): ScanDone {
  scansCounted.inc({ result: done.result });
  return done;
}

/** A held scan's message with its reason: the rules it met. */
const heldMessage = (rules: readonly (keyof typeof SCAN_FLAG_REASONS)[]) =>
  rules.length === 0
    ? SCAN_HELD_MESSAGE
    : `${SCAN_HELD_MESSAGE} (reason: ${rules.map((rule) => SCAN_FLAG_REASONS[rule]).join(', ')})`;

/** The API answer from the function's result, fresh or stored (it only adds the message). */
function answerOf(done: ScanDone): ScanAnswer {
  const lockedUntil = done.lockedUntil ? new Date(done.lockedUntil).toISOString() : null;
  const message = SCAN_MESSAGES[done.result];
  return {
    ...done,
    message: lockedUntil
      ? `${message}. Scanning unlocks at ${formatDateTime(lockedUntil)} IST`
      : done.heldPoints
        ? heldMessage(done.holdRules ?? [])
        : message,
    serial: done.serial === null ? null : Number(done.serial),
    lockedUntil,
  };
}

/** `scan_coupon` inside a transaction (drizzle cannot name a raw statement). */
async function scanInTx(tx: Tx, args: unknown[]): Promise<ScanDone> {
  const result = await tx.execute(
    sql`select scan_coupon(${sql.join(
      args.map((arg, i) => sql`${arg}::${sql.raw(SCAN_TYPES[i]!)}`),
      sql`, `,
    )}) as answer`,
  );
  return result.rows[0]!.answer as ScanDone;
}

/**
 * The member API's scan: exactly one credit per code, exactly once per Idempotency-Key. A scan
 * attempt is ONE statement, the database function `scan_coupon` (migration `points_and_scans`):
 * the checks of PRODUCT.md 3.4 in order, then for an active code a guarded UPDATE (active →
 * scanned) that only one transaction can win, the ledger entry `scan:<serial>` (unique), the
 * schemes' bonuses and the attempt record with its fraud flags. A lone statement is atomic, so it
 * runs as a prepared statement on the pool with no BEGIN/COMMIT: one round trip and no planning,
 * which is what a scan costs (bench/scan-throughput.ts). With a new Idempotency-Key it is still one
 * statement (`scan_coupon_once` claims the key, scans and stores the answer); a key seen before
 * takes the general idempotency path: replay, refusal, waiting or taking over a stale claim.
 */
export async function scan(
  app: FastifyInstance,
  member: MemberPrincipal,
  body: ScanBody,
  ctx: IdempotencyContext,
) {
  const args = argumentsOf(member.id, body);
  const one = async (statement: typeof SCAN, values: unknown[]) =>
    (await app.database.executeSql(statement.text, values, statement.name)).rows[0]!.answer;
  if (!ctx.key) return { body: answerOf(counted((await one(SCAN, args)) as ScanDone)), replayed: false };
  const once = (await one(SCAN_ONCE, [ctx.scope, ctx.key, ctx.fingerprint, ...args])) as
    | ScanDone
    | { claimed: false };
  if (!('claimed' in once)) return { body: answerOf(counted(once)), replayed: false };
  const general = await idempotent(app, ctx, (tx) => scanInTx(tx, args));
  // A replayed answer is the same scan told again, not another one.
  return { ...general, body: answerOf(general.replayed ? general.body : counted(general.body)) };
}

export { scanList } from './coupon-scans.repository';
