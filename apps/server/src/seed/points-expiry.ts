import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { runPointsExpiry } from '../modules/points-expiry/expiry-run';

/**
 * Demo points expiry: a 12-month rolling policy in force since before the demo history,
 * requested by the admin and approved by the Almond team; lots rebuilt from the demo ledger (seeded
 * in bulk, without post_points), the older debits taking from the oldest lots (FIFO), and the
 * nightly expiry run once, so the demo shows expired points and points expiring within weeks.
 */
export async function seedDemoPointsExpiry(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into points_expiry_policies
      (rule, months, effective_from, status, note, requested_by, requested_at, decided_by, decided_at)
    select 'rolling_months', 12, now() - interval '500 days', 'approved', 'Demo: points last a year',
      (select id from staff where email = 'admin@demo.local'), now() - interval '501 days',
      (select id from staff where email = 'almond-team@demo.local'), now() - interval '500 days'`);
  await db.execute(sql`delete from points_lot_uses`);
  await db.execute(sql`delete from points_lots`);
  await db.execute(sql`with spent as (
      select member_id, -sum(amount) filter (where amount < 0 and kind <> 'expiry')
        - coalesce(sum(amount) filter (where kind = 'redemption_refund'), 0) as points
      from points_ledger group by member_id),
    credits as (
      select l.id, l.member_id, l.amount, l.created_at,
        sum(l.amount) over (partition by l.member_id order by l.id) as through
      from points_ledger l where l.amount > 0 and l.kind <> 'redemption_refund')
    insert into points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
    select c.member_id, c.id, c.amount,
      greatest(0, least(c.amount, c.through - coalesce(s.points, 0))), c.created_at, points_expiry_at(c.created_at)
    from credits c left join spent s on s.member_id = c.member_id order by c.id`);
  await runPointsExpiry(database);
}
