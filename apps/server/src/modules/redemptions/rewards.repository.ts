import {
  type AppReward,
  REDEMPTION_MESSAGES,
  REWARD_TYPES,
  type RewardRow,
  type VoucherOutOfStockRule,
} from '@app/contract/redemptions';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rewards } from '../../db/schema/redemptions';
import { defineList } from '../../lib/lists/define';
import { bool, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { voucherInStock } from '../gift-vouchers/voucher-stock';

export const rewardColumns = {
  id: rewards.id,
  name: rewards.name,
  type: sql<RewardRow['type']>`${rewards.type}`,
  brand: rewards.brand,
  denominationPaise: rewards.denominationPaise,
  pointsCost: rewards.pointsCost,
  mrpPaise: rewards.mrpPaise,
  stock: rewards.stock,
  imageFileId: rewards.imageFileId,
  eligibleTypes: sql<RewardRow['eligibleTypes']>`${rewards.eligibleTypes}`,
  active: rewards.active,
  createdAt: isoText(rewards.createdAt),
  updatedAt: isoText(rewards.updatedAt),
};

/** Manage Catalogue → Rewards and its export. */
export const rewardList = defineList<RewardRow>({
  columns: {
    ...rewardColumns,
    id: { sql: rewards.id, label: 'Reward', format: 'int', width: 8 },
    name: { sql: rewards.name, label: 'Name', width: 28 },
    type: { sql: rewardColumns.type, label: 'Type', width: 10 },
    brand: { sql: rewards.brand, label: 'Brand', width: 14 },
    pointsCost: { sql: rewards.pointsCost, label: 'Points cost', format: 'int', width: 10 },
    stock: { sql: rewards.stock, label: 'Stock', format: 'int', width: 8 },
    eligibleTypes: { sql: rewardColumns.eligibleTypes, label: 'Member types', format: 'list', width: 30 },
    active: { sql: rewards.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: rewardColumns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  computed: {
    denomination: {
      label: 'Denomination (₹)',
      format: 'rupees',
      width: 12,
      cell: (row) => (row.denominationPaise === null ? null : row.denominationPaise / 100),
    },
    mrp: { label: 'MRP (₹)', format: 'rupees', width: 12, cell: (row) => row.mrpPaise / 100 },
  },
  from: (db, fields) => db.select(fields).from(rewards).$dynamic(),
  filters: {
    q: text(rewards.name, rewards.brand),
    type: oneOf(rewards.type, REWARD_TYPES),
    active: bool(rewards.active),
  },
  sort: { id: rewards.id, name: rewards.name, pointsCost: rewards.pointsCost, createdAt: rewards.createdAt },
  defaultSort: 'id',
  id: rewards.id,
});

export async function findReward(tx: Executor, id: number): Promise<RewardRow | undefined> {
  const [row] = await tx.select(rewardColumns).from(rewards).where(eq(rewards.id, id));
  return row;
}

export async function lockReward(tx: Executor, id: number) {
  const [row] = await tx.select().from(rewards).where(eq(rewards.id, id)).for('update');
  return row;
}

/**
 * What one member may redeem now: active (not archived), for their type, a physical one in stock, an
 * e-voucher in stock or (under the `wait` rule) out of stock and saying that a request waits for stock.
 */
export async function rewardsFor(
  tx: Executor,
  memberType: string,
  outOfStock: VoucherOutOfStockRule,
): Promise<AppReward[]> {
  const voucherInStockNow = voucherInStock(sql`${rewards.brand}`, sql`${rewards.denominationPaise}`);
  const inStock = sql<boolean>`case when ${rewards.type} = 'physical' then coalesce(${rewards.stock} > 0, false)
    else ${voucherInStockNow} end`;
  const rows = await tx
    .select({
      id: rewards.id,
      name: rewards.name,
      type: rewardColumns.type,
      brand: rewards.brand,
      denominationPaise: rewards.denominationPaise,
      pointsCost: rewards.pointsCost,
      mrpPaise: rewards.mrpPaise,
      stock: rewards.stock,
      imageFileId: rewards.imageFileId,
      inStock,
    })
    .from(rewards)
    .where(
      and(
        eq(rewards.active, true),
        sql`${rewards.eligibleTypes} @> ${JSON.stringify([memberType])}::jsonb`,
        sql`(${rewards.type} <> 'physical' or ${rewards.stock} > 0)`,
        outOfStock === 'refuse' ? sql`(${rewards.type} = 'physical' or ${voucherInStockNow})` : undefined,
      ),
    )
    .orderBy(rewards.pointsCost, rewards.id)
    .limit(500);
  return rows.map((row) => {
    const waitsForStock = !row.inStock && row.type === 'e_voucher';
    return {
      ...row,
      waitsForStock,
      notice: waitsForStock ? REDEMPTION_MESSAGES.rewardWaitsForStock : null,
    };
  });
}

/** The reward record's table and archive column (lib/records). */
export const rewardRecord = { table: rewards, archive: rewards.active };
