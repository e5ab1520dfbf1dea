import { istDayStart, todayInIndia } from '@app/contract/format';
import { SETTINGS_MESSAGES } from '@app/contract/points-settings';
import {
  DEFAULT_REDEMPTION_SETTINGS,
  type RedemptionSettingBody,
  type RedemptionSettingRow,
  type VoucherOutOfStockRule,
} from '@app/contract/redemptions';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { redemptionSettings as s } from '../../db/schema/redemptions';
import { staff } from '../../db/schema/staff';
import { type Actor, audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { isoText } from '../../lib/lists/sql';

export interface RedemptionSettings {
  id: number | null;
  tdsThresholdPaise: number;
  tdsRateBp: number;
  tdsNoPanRateBp: number;
  minCashPoints: number;
  voucherOutOfStock: VoucherOutOfStockRule;
}

async function rowInForce(tx: Executor) {
  const [row] = await tx
    .select()
    .from(s)
    .where(lte(s.effectiveFrom, sql`now()`))
    .orderBy(desc(s.effectiveFrom), desc(s.id))
    .limit(1);
  return row;
}

/**
 * The TDS threshold and rates, the cash minimum and the out-of-stock voucher rule in force now (the
 * programme defaults when none).
 */
export async function redemptionSettingsInForce(tx: Executor): Promise<RedemptionSettings> {
  const row = await rowInForce(tx);
  return row
    ? {
        id: row.id,
        tdsThresholdPaise: row.tdsThresholdPaise,
        tdsRateBp: row.tdsRateBp,
        tdsNoPanRateBp: row.tdsNoPanRateBp,
        minCashPoints: row.minCashPoints,
        voucherOutOfStock: row.voucherOutOfStock as VoucherOutOfStockRule,
      }
    : { id: null, ...DEFAULT_REDEMPTION_SETTINGS };
}

export async function redemptionSettingsHistory(tx: Executor): Promise<RedemptionSettingRow[]> {
  const current = await rowInForce(tx);
  const rows = await tx
    .select({
      id: s.id,
      tdsThresholdPaise: s.tdsThresholdPaise,
      tdsRateBp: s.tdsRateBp,
      tdsNoPanRateBp: s.tdsNoPanRateBp,
      minCashPoints: s.minCashPoints,
      voucherOutOfStock: sql<VoucherOutOfStockRule>`${s.voucherOutOfStock}`,
      effectiveFrom: isoText(s.effectiveFrom),
      createdBy: s.createdBy,
      createdByName: staff.name,
      createdAt: isoText(s.createdAt),
    })
    .from(s)
    .leftJoin(staff, eq(staff.id, s.createdBy))
    .orderBy(desc(s.effectiveFrom), desc(s.id));
  return rows.map((r) => ({ ...r, current: r.id === current?.id }));
}

/** A new setting in force from 00:00 IST of its day (today or later), audited; answers the history. */
export async function addRedemptionSetting(app: FastifyInstance, actor: Actor, body: RedemptionSettingBody) {
  if (body.effectiveFrom < todayInIndia()) throw fieldError('effectiveFrom', SETTINGS_MESSAGES.pastDate);
  const at = istDayStart(body.effectiveFrom);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s)
      .values({
        tdsThresholdPaise: body.tdsThresholdPaise,
        tdsRateBp: body.tdsRateBp,
        tdsNoPanRateBp: body.tdsNoPanRateBp,
        minCashPoints: body.minCashPoints,
        voucherOutOfStock: body.voucherOutOfStock,
        effectiveFrom: new Date(at),
        createdBy: actor.id,
      })
      .returning({ id: s.id });
    await audit(tx, actor, {
      action: 'redemption_setting.added',
      entity: 'redemption_setting',
      entityId: row!.id,
      after: body,
    });
    return redemptionSettingsHistory(tx);
  });
}
