-- The floor of a scan with every rule in force (bench/scan-throughput.ts --all-rules):
-- the reads and writes such a scan cannot do without, as ONE set-based statement, with no decision
-- taken on what it reads, no lock beyond the rows it writes and no error handling. No implementation
-- of the rules can do less work per scan, so the floor's rate is what the product could reach at best.
-- $1 code, $2 member, $3 latitude, $4 longitude, $5 device.
with code as (select $1::text as code),
member as (select mm.status, mm.tier, mm.referred_by, mm.scans_locked_until from members mm where mm.id = $2::int),
-- The settings in force: fraud rules, tier policy, caps, expiry policy.
settings as (select
  (select f.scans_per_hour from fraud_rules f where f.status = 'approved' and f.effective_from <= now()
    order by f.effective_from desc, f.id desc limit 1) as scans_per_hour,
  (select t.tiers from tier_policies t where t.status = 'approved' and t.effective_from <= now()
    order by t.effective_from desc, t.id desc limit 1) as tiers,
  (select l.scan_points_per_month from points_limits l where l.status = 'approved' and l.effective_from <= now()
    order by l.effective_from desc, l.id desc limit 1) as cap,
  (select p.months from points_expiry_policies p where p.status = 'approved' and p.effective_from <= now()
    order by p.effective_from desc, p.id desc limit 1) as expiry_months),
-- What the rules count: attempts this minute, successes this hour, points this month (caps and
-- tier), other members on this device and around this spot in the cluster window.
counted as (select
  (select count(*) from coupon_scans cs where cs.member_id = $2::int
    and cs.created_at > now() - interval '1 minute') as attempts,
  (select count(*) from coupon_scans cs where cs.member_id = $2::int and cs.result = 'success'
    and cs.created_at > now() - interval '1 hour') as hourly,
  (select coalesce(sum(cs.points), 0) from coupon_scans cs where cs.member_id = $2::int and cs.result = 'success'
    and cs.created_at >= date_trunc('month', now())) as month_points,
  (select count(distinct cs.member_id) from coupon_scans cs where cs.device_id = $5::text and cs.result = 'success'
    and cs.member_id <> $2::int and cs.created_at > now() - interval '24 hours') as device_members,
  (select count(distinct cs.member_id) from coupon_scans cs where cs.geo_cell = scan_geo_cell($3::float8, $4::float8)
    and cs.result = 'success' and cs.member_id <> $2::int and cs.created_at > now() - interval '24 hours') as place_members),
scanned as (update coupons c set status = 'scanned' where c.code = (select code from code) and c.status = 'active'
  returning c.serial, c.batch_id, c.allocation_id),
coupon as (select s.serial, s.batch_id, p.id as product_id, p.base_points, b.expires_on, d.id as distributor_id, d.state
  from scanned s join coupon_batches b on b.id = s.batch_id join products p on p.id = b.product_id
  left join coupon_allocations a on a.id = s.allocation_id left join distributors d on d.id = a.distributor_id),
scheme as (select sc.id, sc.bonus_points from schemes sc where sc.status = 'active'
  and (now() at time zone 'Asia/Kolkata')::date between sc.starts_on and sc.ends_on limit 1),
counts as (insert into coupon_counts (batch_id, status, shard, n)
  select c.batch_id, v.status::coupon_status, coupon_count_shard(), v.n
    from coupon c, (values ('active', -1), ('scanned', 1)) v(status, n)
  on conflict (batch_id, status, shard) do update set n = coupon_counts.n + excluded.n),
budget as (select charge_scheme_budget(s.id, s.bonus_points) as share from scheme s, coupon),
-- One member update and one lot for the base and the bonus together (the product writes two of each).
credited as (update members m set balance = m.balance + c.base_points + s.bonus_points,
    tier_earned = m.tier_earned + c.base_points + s.bonus_points, updated_at = now()
  from coupon c, scheme s where m.id = $2::int returning m.balance, c.base_points, s.bonus_points, s.id as scheme_id),
entries as (insert into points_ledger (member_id, amount, kind, reference, balance_after)
  select $2::int, cr.base_points, 'scan', 'scan:' || c.serial, cr.balance - cr.bonus_points from coupon c, credited cr
  union all
  select $2::int, cr.bonus_points, 'scheme_bonus', 'scheme:' || cr.scheme_id || ':scan:' || c.serial, cr.balance
    from coupon c, credited cr
  returning id, kind, amount),
lot as (insert into points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
  select $2::int, e.id, cr.base_points + cr.bonus_points, cr.base_points + cr.bonus_points, now(),
      now() + make_interval(months => coalesce(st.expiry_months, 12))
    from entries e, credited cr, settings st where e.kind = 'scan'),
recorded as (insert into coupon_scans (member_id, code, coupon_serial, batch_id, product_id, distributor_id, result,
    points, ledger_entry_id, latitude, longitude, state, geo_state, flags, device_id, geo_cell)
  select $2::int, (select code from code), c.serial, c.batch_id, c.product_id, c.distributor_id, 'success',
      cr.base_points + cr.bonus_points, e.id, $3::float8, $4::float8, 'Kerala', 'Kerala',
      -- The counts enter the row, so the planner cannot drop them.
      case when n.attempts + n.hourly + n.device_members + n.place_members > 1000000 or n.month_points > st.cap
        or st.tiers is null or mb.status is null then '{unexpected}'::text[] else '{}' end,
      $5::text, scan_geo_cell($3::float8, $4::float8)
    from coupon c, credited cr, entries e, counted n, settings st, member mb where e.kind = 'scan'
  returning 1)
select (select count(*) from recorded) = 1 and (select count(*) from budget) = 1 as ok
