import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { runTierEvaluation } from '../modules/tiers/tier-evaluation';

/** The demo tier policy: Base, Silver from 2,000 and Gold from 10,000 points earned in 12 months. */
export const DEMO_TIERS = [
  { name: 'Base', nameHi: 'बेस', minPoints: 0, multiplier: 1, redeemMinBalance: null },
  { name: 'Silver', nameHi: 'सिल्वर', minPoints: 2000, multiplier: 1.1, redeemMinBalance: null },
  { name: 'Gold', nameHi: 'गोल्ड', minPoints: 10000, multiplier: 1.25, redeemMinBalance: 1000 },
];

/**
 * Demo tiers: a policy requested by the admin and approved by the Almond team,
 * the nightly evaluation run once (every member gets the tier their scans reach: the demo's few scans
 * keep them at Base), and members spread across Silver and Gold by approved overrides with reasons
 * (key accounts), plus two overrides waiting for a second person. The overrides go to the members
 * with the highest ids, not the first approved ones the demo scans with (seed/coupon-activity.ts).
 */
export async function seedDemoTiers(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into tier_policies
      (period_months, tiers, effective_from, status, note, requested_by, requested_at, decided_by, decided_at)
    select 12, ${JSON.stringify(DEMO_TIERS)}::jsonb, now() - interval '400 days', 'approved',
      'Demo: tiers on points earned in 12 months',
      (select id from staff where email = 'admin@demo.local'), now() - interval '401 days',
      (select id from staff where email = 'almond-team@demo.local'), now() - interval '400 days'`);
  await runTierEvaluation(database);
  await db.execute(sql`with picked as (
      select m.id, row_number() over (order by m.id desc) as n from members m
      where m.status = 'approved' order by m.id desc limit 32),
    made as (
      insert into tier_overrides (member_id, tier, reason, status, requested_by, requested_at,
          decided_by, decided_at)
        select p.id, case when p.n % 3 = 0 then 'Gold' else 'Silver' end,
          case when p.n % 3 = 0 then 'Key dealer account' else 'Top performer of the festive campaign' end,
          case when p.n > 30 then 'pending' else 'approved' end,
          (select id from staff where email = 'admin@demo.local'), now() - interval '20 days',
          case when p.n > 30 then null else (select id from staff where email = 'almond-team@demo.local') end,
          case when p.n > 30 then null else now() - interval '19 days' end
        from picked p
        returning id, member_id, tier, status, decided_by),
    pinned as (
      update members m set tier = o.tier, tier_pinned = true
        from made o where o.member_id = m.id and o.status = 'approved' returning m.id)
    insert into member_tiers (member_id, tier, from_at, reason, earned, policy_id, override_id, by)
      select o.member_id, o.tier, now() - interval '19 days', 'override', 0,
        (select id from tier_policies order by id desc limit 1), o.id, o.decided_by
      from made o where o.status = 'approved'`);
}
