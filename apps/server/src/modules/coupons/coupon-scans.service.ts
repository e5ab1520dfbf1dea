import {
  FRAUD_SCANS_PER_HOUR,
  SCAN_ATTEMPTS_PER_MINUTE,
  SCAN_MESSAGES,
  type ScanAnswer,
  type ScanBody,
} from '@app/contract/coupon-scans';
import { parseCode } from '@app/contract/coupons';
import type { ListQuery } from '@app/contract/list';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import type { MemberPrincipal } from '../member-auth/member-sessions';
import * as repo from './coupon-scans.repository';

/** `scan_coupon`'s arguments in order, with their SQL types. */
const ARGUMENT_TYPES = ['int', 'text', 'text', 'float8', 'float8', 'text', 'int', 'int'] as const;
const PREPARED_SCAN = {
  name: 'scan_coupon',
  text: `select scan_coupon(${ARGUMENT_TYPES.map((type, i) => `$${i + 1}::${type}`).join(', ')}) as answer`,
};

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
    FRAUD_SCANS_PER_HOUR,
  ];
}

type ScanDone = Omit<ScanAnswer, 'message'>;

function answerOf(rows: Record<string, unknown>[]): ScanAnswer {
  const done = rows[0]!.answer as ScanDone;
  return {
    ...done,
    message: SCAN_MESSAGES[done.result],
    serial: done.serial === null ? null : Number(done.serial),
  };
}

/** The same statement inside a transaction (drizzle cannot name a raw statement). */
const scanInTx = (tx: Tx, args: unknown[]) =>
  tx.execute(
    sql`select scan_coupon(${sql.join(
      args.map((arg, i) => sql`${arg}::${sql.raw(ARGUMENT_TYPES[i]!)}`),
      sql`, `,
    )}) as answer`,
  );

/**
 * The member API's scan: exactly one credit per code, exactly once per Idempotency-Key. A scan
 * attempt is ONE statement, the database function `scan_coupon` (migration `points_and_scans`):
 * the checks of PRODUCT.md 3.4 in order, then for an active code a guarded UPDATE (active →
 * scanned) that only one transaction can win, the ledger entry `scan:<serial>` (unique), the
 * schemes' bonuses and the attempt record with its fraud flags. A lone statement is atomic, so
 * without a key it runs as a prepared statement on the pool with no BEGIN/COMMIT: one round trip
 * and no planning, which is what a scan costs (bench/scan-throughput.ts). With a key it runs in the
 * idempotency transaction that also stores its answer.
 */
export async function scan(
  app: FastifyInstance,
  member: MemberPrincipal,
  body: ScanBody,
  ctx: IdempotencyContext,
) {
  const args = argumentsOf(member.id, body);
  if (!ctx.key) {
    const { rows } = await app.database.executeSql(PREPARED_SCAN.text, args, PREPARED_SCAN.name);
    return { body: answerOf(rows), replayed: false };
  }
  return idempotent(app, ctx, async (tx) => answerOf((await scanInTx(tx, args)).rows));
}

export const listScans = (app: FastifyInstance, query: ListQuery) => repo.listScans(app.database.db, query);
