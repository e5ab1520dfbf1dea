import { CATALOGUE_PAGE } from '@app/contract/redemptions';
import { sql } from 'drizzle-orm';
import { rewards } from '../../db/schema/redemptions';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countWhere } from '../../lib/dashboard/series';

const card = cardBuilder({
  group: 'Catalogue',
  page: CATALOGUE_PAGE,
  unit: 'count',
  link: `${CATALOGUE_PAGE}/rewards`,
});

/** Manage Catalogue → Rewards: gifts and e-vouchers members can redeem, by type. */
export const rewardCards: DashboardProvider = {
  pages: [CATALOGUE_PAGE],
  async cards(db) {
    const [row] = await db
      .select({
        gifts: countWhere(sql`${rewards.active} and ${rewards.type} = 'physical'`),
        vouchers: countWhere(sql`${rewards.active} and ${rewards.type} = 'e_voucher'`),
      })
      .from(rewards);
    return [
      card({
        key: 'catalogue.gifts',
        label: 'Gifts offered',
        value: row?.gifts ?? 0,
        filter: { active: true, type: 'physical' },
      }),
      card({
        key: 'catalogue.vouchers',
        label: 'E-vouchers offered',
        value: row?.vouchers ?? 0,
        filter: { active: true, type: 'e_voucher' },
      }),
    ];
  },
};
