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
import type { Executor } from '../../db/client';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import type { MemberPrincipal } from '../member-auth/member-sessions';
import * as repo from './coupon-scans.repository';

/**
 * One scan attempt as ONE statement, the database function `scan_coupon` (migration
 * `points_and_scans`): the checks of PRODUCT.md 3.4 in order, then for an active code a guarded
 * UPDATE (active → scanned) that only one transaction can win, the ledger entry `scan:<serial>`
 * (unique), the schemes' bonuses and the attempt record with its fraud flags. A single statement is
 * atomic by itself, so without an Idempotency-Key it needs no BEGIN/COMMIT: one round trip, which is
 * what a scan costs (bench/scan-throughput.ts).
 */
export async function scanCoupon(db: Executor, memberId: number, body: ScanBody): Promise<ScanAnswer> {
  const code = parseCode(body.code);
  const result = await db.execute(sql`select scan_coupon(
    ${memberId}::int, ${code ?? null}::text, ${(code ?? body.code.toUpperCase()).slice(0, 40)}::text,
    ${body.latitude ?? null}::float8, ${body.longitude ?? null}::float8, ${body.state ?? null}::text,
    ${SCAN_ATTEMPTS_PER_MINUTE}::int, ${FRAUD_SCANS_PER_HOUR}::int) as answer`);
  const done = (result.rows[0] as { answer: ScanDone }).answer;
  return {
    ...done,
    message: SCAN_MESSAGES[done.result],
    serial: done.serial === null ? null : Number(done.serial),
  };
}

type ScanDone = Omit<ScanAnswer, 'message'>;

/** The member API's scan: exactly once per Idempotency-Key, exactly one credit per code. */
export const scan = (
  app: FastifyInstance,
  member: MemberPrincipal,
  body: ScanBody,
  ctx: IdempotencyContext,
) => idempotent(app, ctx, (tx) => scanCoupon(tx, member.id, body), { oneStatement: true });

export const listScans = (app: FastifyInstance, query: ListQuery) => repo.listScans(app.database.db, query);
