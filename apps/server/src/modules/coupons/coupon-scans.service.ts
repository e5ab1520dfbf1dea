import {
  FRAUD_SCANS_PER_HOUR,
  SCAN_ATTEMPTS_PER_MINUTE,
  SCAN_MESSAGES,
  type ScanAnswer,
  type ScanBody,
  type ScanResult,
} from '@app/contract/coupon-scans';
import { parseCode } from '@app/contract/coupons';
import type { ListQuery } from '@app/contract/list';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { postEntry } from '../ledger/ledger.service';
import type { MemberPrincipal } from '../member-auth/member-sessions';
import { applySchemeEffects } from '../schemes/scheme-effects';
import * as repo from './coupon-scans.repository';
import { moveCoupons } from './coupon-transitions';

const answer = (result: ScanResult, extra: Partial<ScanAnswer> = {}): ScanAnswer => ({
  result,
  message: SCAN_MESSAGES[result],
  points: 0,
  balance: null,
  serial: null,
  sku: null,
  productName: null,
  ...extra,
});

const sameState = (a: string | null | undefined, b: string | null | undefined) =>
  !a || !b || a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One scan attempt, in one transaction: the checks of PRODUCT.md 3.4 in order, then — for an active
 * code — a guarded UPDATE (active → scanned) that only one transaction can win, and the ledger
 * entry `scan:<serial>` (unique) and the schemes' bonuses in the same transaction. Every attempt is
 * recorded with its result; its points are the base points plus the scheme bonuses.
 */
export async function scanInTx(
  tx: Tx,
  member: MemberPrincipal & { state: string; type: string },
  body: ScanBody,
): Promise<ScanAnswer> {
  const code = parseCode(body.code);
  const where = {
    memberId: member.id,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    state: body.state ?? null,
  };
  const record = async (result: ScanResult, extra: Partial<typeof where> & Record<string, unknown> = {}) => {
    await repo.recordScan(tx, {
      ...where,
      code: (code ?? body.code.toUpperCase()).slice(0, 40),
      result,
      ...extra,
    });
    return result;
  };
  if (member.status !== 'approved') return answer(await record('member_not_allowed'));
  if ((await repo.recentScans(tx, member.id, '1 minute')) >= SCAN_ATTEMPTS_PER_MINUTE)
    return answer(await record('rate_limited'));
  const coupon = code ? await repo.findByCode(tx, code) : undefined;
  if (!coupon) return answer(await record('invalid_code'));
  const about = {
    couponSerial: coupon.serial,
    batchId: coupon.batchId,
    productId: coupon.productId,
    distributorId: coupon.distributorId,
  };
  const shown = { serial: coupon.serial, sku: coupon.sku, productName: coupon.productName };
  const refuse = async (result: ScanResult) => answer(await record(result, about), shown);
  if (coupon.status === 'damaged') return refuse('damaged');
  if (coupon.status === 'scanned') return refuse('already_scanned');
  if (coupon.status !== 'active') return refuse('not_active');
  if (coupon.expired) return refuse('expired');

  const won = await moveCoupons(tx, {
    where: sql`serial = ${coupon.serial}`,
    from: ['active'],
    to: 'scanned',
  });
  if (won !== 1) return refuse('already_scanned');
  const flags: string[] = [];
  if ((await repo.recentScans(tx, member.id, '1 hour', true)) >= FRAUD_SCANS_PER_HOUR)
    flags.push('too_many_per_hour');
  if (!sameState(body.state ?? member.state, coupon.distributorState))
    flags.push('outside_distributor_state');
  const posted =
    coupon.basePoints > 0
      ? await postEntry(tx, {
          memberId: member.id,
          amount: coupon.basePoints,
          kind: 'scan',
          reference: `scan:${coupon.serial}`,
        })
      : null;
  const schemes = await applySchemeEffects(tx, {
    memberId: member.id,
    memberType: member.type,
    memberState: member.state,
    productId: coupon.productId,
    serial: coupon.serial,
    basePoints: coupon.basePoints,
  });
  const points = coupon.basePoints + schemes.bonus;
  const balance = schemes.balanceAfter ?? posted?.balanceAfter ?? null;
  await record('success', { ...about, points, ledgerEntryId: posted?.entryId ?? null, flags });
  return answer('success', { ...shown, points, balance });
}

async function memberProfile(app: FastifyInstance, memberId: number) {
  const result = await app.database.db.execute(sql`select state, type from members where id = ${memberId}`);
  const row = result.rows[0] as { state?: string; type?: string } | undefined;
  return { state: String(row?.state ?? ''), type: String(row?.type ?? '') };
}

/** The member API's scan: exactly once per Idempotency-Key, exactly one credit per code. */
export async function scan(
  app: FastifyInstance,
  member: MemberPrincipal,
  body: ScanBody,
  ctx: IdempotencyContext,
) {
  const profile = await memberProfile(app, member.id);
  return idempotent(app, ctx, (tx) => scanInTx(tx, { ...member, ...profile }, body));
}

export const listScans = (app: FastifyInstance, query: ListQuery) => repo.listScans(app.database.db, query);
