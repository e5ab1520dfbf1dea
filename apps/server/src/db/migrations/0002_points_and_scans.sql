-- The rules that move points and coupons on a member's scan, as database functions, so that a scan is
-- ONE statement (one round trip, atomic without BEGIN/COMMIT). A scan used to take a dozen round
-- trips in a transaction; round trips, not SQL, were its cost (bench/scan-throughput.ts).
-- Custom migration: copied verbatim into `<n>_points_and_scans.sql` by regenerate.sh. The TypeScript
-- side calls these functions and never repeats their rules: `postEntry` (modules/ledger) calls
-- post_points, `pointsInForce` (modules/scheme-points) calls points_in_force, `moveStatement`
-- (modules/coupons/coupon-transitions.ts) calls coupon_count_shard, the scan service calls scan_coupon,
-- Coupon Stock (modules/coupon-stock) calls scheme_points_per_scan, which reads the schemes in force
-- the scan reads (schemes_in_force).

-- The coupon_counts shard this connection adds to: concurrent transactions on different connections
-- update different counter rows instead of queueing on one row lock (see db/schema/coupons.ts).
CREATE OR REPLACE FUNCTION coupon_count_shard() RETURNS smallint
LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 32)::smallint $$;
--> statement-breakpoint

-- The points of a SKU in force now: the latest change effective by now, else the catalogue's base.
-- PL/pgSQL, not SQL: a SQL function with a subquery is never inlined and is planned again on every
-- call, while PL/pgSQL keeps its plan for the session (measured: a scan was 15% slower in SQL).
CREATE OR REPLACE FUNCTION points_in_force(p_product bigint, p_base_points integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT pp.points FROM product_points pp
    WHERE pp.product_id = p_product AND pp.effective_from <= now()
    ORDER BY pp.effective_from DESC, pp.id DESC LIMIT 1), p_base_points);
END;
$$;
--> statement-breakpoint

-- The schemes in force today for a scan of a SKU (PRODUCT.md §3.4): active, today (IST) within their
-- days, for the SKU (or all SKUs), and for the member's type and state (or all), and for a scheme
-- aimed at a segment, the member on its campaign's frozen list and not held out — unless
-- `p_any_member`, which asks for every scheme some member could get (the Coupon Stock liability). The
-- one definition the scan (scan_coupon) and the liability (scheme_points_per_scan) share. A SQL
-- function in FROM: the planner inlines it.
CREATE OR REPLACE FUNCTION schemes_in_force(
  p_product bigint, p_any_member boolean, p_member_type text, p_state text, p_member integer DEFAULT NULL)
RETURNS SETOF schemes
LANGUAGE sql STABLE AS $$
  SELECT sc.* FROM schemes sc
  WHERE sc.status = 'active'
    AND (now() AT TIME ZONE 'Asia/Kolkata')::date BETWEEN sc.starts_on AND sc.ends_on
    AND (cardinality(sc.product_ids) = 0 OR p_product = ANY (sc.product_ids))
    AND (p_any_member OR cardinality(sc.member_types) = 0 OR p_member_type = ANY (sc.member_types))
    AND (p_any_member OR cardinality(sc.states) = 0 OR EXISTS (SELECT 1 FROM unnest(sc.states) x
          WHERE lower(trim(x)) = lower(trim(p_state))))
    AND (p_any_member OR sc.campaign_id IS NULL OR EXISTS (SELECT 1 FROM campaign_members cm
          WHERE cm.campaign_id = sc.campaign_id AND cm.member_id = p_member AND NOT cm.holdout))
    AND (sc.budget_points IS NULL OR sc.budget_allotted < sc.budget_points
      OR EXISTS (SELECT 1 FROM scheme_budget_shares b WHERE b.scheme_id = sc.id AND b.spent < b.allotted))
$$;
--> statement-breakpoint

-- What a budgeted scheme has paid in bonuses: its shares' spend added up (db/schema/schemes.ts).
CREATE OR REPLACE FUNCTION scheme_budget_spent(p_scheme bigint) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(b.spent), 0)::integer FROM scheme_budget_shares b WHERE b.scheme_id = p_scheme
$$;
--> statement-breakpoint

-- Charges `p_amount` bonus points to a budgeted scheme, all or nothing; the share charged, or NULL
-- when the budget cannot pay all of it. Scans charge their connection's share (no queue on one row);
-- a share out of room takes a slice of the budget (a 64th in whole charges, at least one, at most what
-- is left) under the scheme row's lock, which a scan therefore takes once per slice, not once per scan;
-- once the budget is all handed out, another share's room pays (waiting for its holder if need be:
-- scans charge schemes in one order, so two never wait on each other's shares).
CREATE OR REPLACE FUNCTION charge_scheme_budget(p_scheme bigint, p_amount integer) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint := coupon_count_shard();
  v_slice integer;
BEGIN
  UPDATE scheme_budget_shares SET spent = spent + p_amount
    WHERE scheme_id = p_scheme AND shard = v_shard AND spent + p_amount <= allotted;
  IF FOUND THEN
    RETURN v_shard;
  END IF;
  -- A slice of what is left, under the scheme row's lock (read first without it: an exhausted budget
  -- is not worth the queue).
  IF EXISTS (SELECT 1 FROM schemes sc WHERE sc.id = p_scheme AND sc.budget_allotted + p_amount <= sc.budget_points) THEN
    SELECT least(sc.budget_points - sc.budget_allotted, greatest(p_amount, sc.budget_points / 64)) INTO v_slice
      FROM schemes sc WHERE sc.id = p_scheme FOR UPDATE;
    -- Whole charges of this size: a fixed bonus leaves no crumbs in a share that no bonus can use.
    v_slice := v_slice - v_slice % p_amount;
    IF v_slice >= p_amount THEN
      UPDATE schemes SET budget_allotted = budget_allotted + v_slice WHERE id = p_scheme;
      INSERT INTO scheme_budget_shares AS b (scheme_id, shard, allotted, spent)
        VALUES (p_scheme, v_shard, v_slice, p_amount)
        ON CONFLICT (scheme_id, shard) DO UPDATE SET allotted = b.allotted + excluded.allotted,
          spent = b.spent + excluded.spent;
      RETURN v_shard;
    END IF;
  END IF;
  -- All handed out: the room another share still has (its holder's commit waited for, then re-read).
  UPDATE scheme_budget_shares b SET spent = b.spent + p_amount
    FROM (SELECT o.shard FROM scheme_budget_shares o
      WHERE o.scheme_id = p_scheme AND o.spent + p_amount <= o.allotted ORDER BY o.shard LIMIT 1 FOR UPDATE) o
    WHERE b.scheme_id = p_scheme AND b.shard = o.shard AND b.spent + p_amount <= b.allotted
    RETURNING b.shard INTO v_shard;
  RETURN v_shard;
END;
$$;
--> statement-breakpoint

-- The most the schemes in force today add to one scan of a SKU worth `p_points`, for the members they
-- apply to, as scan_coupon pays them: the highest multiplier, every fixed bonus, and each slab bonus
-- as its share of one scan (bonus ÷ scans per slab: it is paid once every N scans). Coupon Stock
-- values the liability of live codes with it.
CREATE OR REPLACE FUNCTION scheme_points_per_scan(p_product bigint, p_points integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(round(p_points * (max(s.multiplier) FILTER (WHERE s.rule = 'multiplier') - 1)), 0)
    + coalesce(sum(s.bonus_points) FILTER (WHERE s.rule = 'fixed_bonus'), 0)
    + coalesce(sum(s.bonus_points::numeric / s.slab_scans)
        FILTER (WHERE s.rule = 'slab_bonus' AND s.slab_scans > 0), 0)
  FROM schemes_in_force(p_product, true, NULL, NULL) s
$$;
--> statement-breakpoint

-- When points earned at `p_earned` expire, under the expiry policy in force then (the latest approved
-- row effective by then): rolling N months, or the end (31 March, IST) of the financial year after
-- the one they were earned in; NULL (never) when no policy or the `never` rule is in force.
CREATE OR REPLACE FUNCTION points_expiry_at(p_earned timestamptz) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_rule text; v_months integer; v_local timestamp; v_fy_end_year integer;
BEGIN
  SELECT p.rule, p.months INTO v_rule, v_months FROM points_expiry_policies p
    WHERE p.status = 'approved' AND p.effective_from <= p_earned
    ORDER BY p.effective_from DESC, p.id DESC LIMIT 1;
  IF v_rule = 'rolling_months' THEN
    RETURN p_earned + make_interval(months => v_months);
  ELSIF v_rule = 'financial_year' THEN
    v_local := p_earned AT TIME ZONE 'Asia/Kolkata';
    -- The financial year earned in ends on 31 March of this year (Jan-Mar) or the next (Apr-Dec);
    -- the points last through the following financial year: gone from 1 April 00:00 IST after it.
    v_fy_end_year := extract(year FROM v_local)::integer + CASE WHEN extract(month FROM v_local) >= 4 THEN 1 ELSE 0 END;
    RETURN make_timestamptz(v_fy_end_year + 1, 4, 1, 0, 0, 0, 'Asia/Kolkata');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- A debit of `p_points` takes them from the member's open lots, oldest first (FIFO), and records
-- what it took from each (points_lot_uses). Called by post_points under the member's row lock, so
-- one member's lots change one statement at a time. A debit beyond the lots (points earned before
-- lots existed) takes what there is: the open lots never hold more than the balance. PL/pgSQL, not
-- SQL: a SQL function's body is parsed and planned on every call (0.17 ms of every debit, measured).
CREATE OR REPLACE FUNCTION take_points_lots(p_member integer, p_points integer, p_entry bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH open_lots AS (
    SELECT l.id, l.remaining, sum(l.remaining) OVER (ORDER BY l.id) AS through
      FROM points_lots l WHERE l.member_id = p_member AND l.remaining > 0 AND l.held_by IS NULL
  ), taken AS (
    SELECT o.id, least(o.remaining, p_points - (o.through - o.remaining)) AS amount
      FROM open_lots o WHERE o.through - o.remaining < p_points
  ), used AS (
    UPDATE points_lots l SET remaining = l.remaining - t.amount FROM taken t WHERE l.id = t.id
    RETURNING l.id, t.amount
  )
  INSERT INTO points_lot_uses (entry_id, lot_id, amount) SELECT p_entry, u.id, u.amount FROM used u;
END;
$$;
--> statement-breakpoint

-- A refund (kind redemption_refund, the hold's reference) gives back to each lot what the hold took
-- from it. A lot that has expired since does not come back to life: its share, and any part of the
-- refund the hold did not take from lots, becomes a new lot earned now under the policy in force.
CREATE OR REPLACE FUNCTION restore_points_lots(
  p_member integer, p_points integer, p_reference text, p_entry bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_restored integer;
BEGIN
  WITH took AS (
    SELECT u.lot_id, u.amount FROM points_ledger h JOIN points_lot_uses u ON u.entry_id = h.id
      WHERE h.kind = 'redemption_hold' AND h.reference = p_reference AND h.member_id = p_member
  ), back AS (
    UPDATE points_lots l SET remaining = l.remaining + t.amount FROM took t
      WHERE l.id = t.lot_id AND l.expired_entry_id IS NULL AND l.remaining + t.amount <= l.amount
      RETURNING t.amount
  )
  SELECT coalesce(sum(amount), 0) INTO v_restored FROM back;
  IF p_points > v_restored THEN
    INSERT INTO points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
      VALUES (p_member, p_entry, p_points - v_restored, p_points - v_restored, now(), points_expiry_at(now()));
  END IF;
END;
$$;
--> statement-breakpoint

-- One round of the nightly expiry: the lots due by `p_now` of up to `p_members` members,
-- each posting one `expiry` entry for what is left of it (reference `expiry:<lot>`, unique: a lot
-- expires once whatever runs it) and closing the lot, set-based, in the caller's transaction. The
-- members are locked first, in id order (the order a scan or redemption locks in: member, then its
-- lots), so concurrent runs queue instead of deadlocking and the later one finds nothing left.
-- Returns the number of lots expired (0 when a concurrent run took them first); NULL when nothing is due.
CREATE OR REPLACE FUNCTION expire_points_batch(p_now timestamptz, p_members integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_members integer[];
  v_lots integer;
BEGIN
  SELECT array_agg(id ORDER BY id) INTO v_members FROM (
    SELECT m.id FROM members m
      WHERE m.id IN (SELECT DISTINCT l.member_id FROM points_lots l
        WHERE l.remaining > 0 AND l.expires_at <= p_now AND l.held_by IS NULL ORDER BY l.member_id LIMIT p_members)
      ORDER BY m.id FOR UPDATE OF m) locked;
  IF v_members IS NULL THEN
    RETURN NULL;
  END IF;
  -- A new statement: it sees what a run that held these locks before us committed.
  WITH due AS (
    SELECT l.id, l.member_id, l.remaining, m.balance,
        sum(l.remaining) OVER (PARTITION BY l.member_id ORDER BY l.id) AS through
      FROM points_lots l JOIN members m ON m.id = l.member_id
      WHERE l.member_id = ANY (v_members) AND l.remaining > 0 AND l.expires_at <= p_now AND l.held_by IS NULL
  ), posted AS (
    INSERT INTO points_ledger (member_id, amount, kind, reference, balance_after, note)
      SELECT d.member_id, -d.remaining, 'expiry', 'expiry:' || d.id, d.balance - d.through, 'Points expired'
        FROM due d ORDER BY d.member_id, d.id
      ON CONFLICT (kind, reference) DO NOTHING
      RETURNING id, member_id, amount, reference
  ), closed AS (
    UPDATE points_lots l SET remaining = 0, expired_entry_id = p.id
      FROM posted p WHERE l.id = substr(p.reference, 8)::bigint
      RETURNING l.id
  ), moved AS (
    UPDATE members m SET balance = m.balance + t.total, updated_at = now()
      FROM (SELECT member_id, sum(amount)::integer AS total FROM posted GROUP BY member_id) t
      WHERE m.id = t.member_id
      RETURNING m.id
  )
  -- `moved` runs to completion unread (every data-modifying WITH does).
  SELECT count(*) INTO v_lots FROM closed;
  -- Webhooks: points.expired per member, in this transaction (nothing when none wants it).
  IF EXISTS (SELECT 1 FROM webhook_subscriptions ws WHERE ws.active AND 'points.expired' = ANY (ws.event_types)) THEN
    PERFORM record_webhook_event('points.expired', e.member_id, jsonb_build_object('memberId', e.member_id,
        'points', -sum(e.amount), 'balance', min(e.balance_after)))
      FROM points_ledger e WHERE e.member_id = ANY (v_members) AND e.kind = 'expiry' AND e.created_at = now()
      GROUP BY e.member_id ORDER BY e.member_id;
  END IF;
  RETURN v_lots;
END;
$$;
--> statement-breakpoint

-- The caps and limits in force now: the latest approved points_limits row effective
-- by now; no row (every column NULL) when none. PL/pgSQL keeps its plan for the session.
CREATE OR REPLACE FUNCTION points_limits_in_force(
  OUT scan_points_per_day integer, OUT scan_points_per_month integer,
  OUT redeem_min_balance integer, OUT redeem_points_per_month integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT l.scan_points_per_day, l.scan_points_per_month, l.redeem_min_balance, l.redeem_points_per_month
    INTO scan_points_per_day, scan_points_per_month, redeem_min_balance, redeem_points_per_month
    FROM points_limits l WHERE l.status = 'approved' AND l.effective_from <= now()
    ORDER BY l.effective_from DESC, l.id DESC LIMIT 1;
END;
$$;
--> statement-breakpoint

-- The fraud rules in force now: the latest approved fraud_rules row effective by
-- now; every column NULL (every rule off) when none. PL/pgSQL keeps its plan for the session.
-- The whole approved row in force (its rule columns; none in force: no row, read as all nulls).
CREATE OR REPLACE FUNCTION fraud_rules_in_force() RETURNS SETOF fraud_rules
LANGUAGE sql STABLE AS $$
  SELECT f.* FROM fraud_rules f WHERE f.status = 'approved' AND f.effective_from <= now()
    ORDER BY f.effective_from DESC, f.id DESC LIMIT 1;
$$;
--> statement-breakpoint

-- Appends one ledger entry and moves the member's balance with it (PRODUCT.md §2). The balance
-- UPDATE locks the member row, so one member's entries are serialised and each balance_after
-- follows the previous one; the guarded UPDATE (and the CHECK behind it) keeps the balance >= 0
-- and never spends held points (members.held_points, scan holds): a debit needs balance − held.
-- (kind, reference) is unique: a repeat, sequential or concurrent, inserts nothing and takes its
-- balance change back under the same lock. Errors: PT404 no such member, PT409 not enough points.
-- `p_earned` (a scan's points under a tier policy) moves members.tier_earned in the same UPDATE:
-- a scan updates the member row once, not once for the balance and again for the tier figure
-- (a second update of the row costs a new row version and re-checks referred_by).
CREATE OR REPLACE FUNCTION post_points(
  p_member integer, p_amount integer, p_kind text, p_reference text,
  p_staff integer DEFAULT NULL, p_note text DEFAULT NULL, p_earned integer DEFAULT 0,
  OUT posted boolean, OUT entry_id bigint, OUT balance_after integer, OUT tier_earned integer)
LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount IS NULL OR p_amount = 0 THEN
    RAISE EXCEPTION 'A ledger amount is a non-zero whole number of points' USING ERRCODE = '22023';
  END IF;
  posted := false;
  -- No look-up of (kind, reference) first: a repeat is rare and the unique index catches it below;
  -- the look-up cost every posting ~4% of a scan.
  UPDATE members m SET balance = m.balance + p_amount, tier_earned = m.tier_earned + p_earned, updated_at = now()
    WHERE m.id = p_member AND m.balance + p_amount >= m.held_points
    RETURNING m.balance, m.tier_earned INTO balance_after, tier_earned;
  IF NOT FOUND THEN
    SELECT m.balance INTO balance_after FROM members m WHERE m.id = p_member;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Member not found' USING ERRCODE = 'PT404';
    END IF;
    -- A concurrent twin may have posted (and spent the points) while we waited for the lock.
    IF EXISTS (SELECT 1 FROM points_ledger l WHERE l.kind = p_kind AND l.reference = p_reference) THEN
      RETURN;
    END IF;
    RAISE EXCEPTION 'The member does not have enough points for this' USING ERRCODE = 'PT409';
  END IF;
  INSERT INTO points_ledger (member_id, amount, kind, reference, balance_after, staff_id, note)
    VALUES (p_member, p_amount, p_kind, p_reference, balance_after, p_staff, p_note)
    ON CONFLICT (kind, reference) DO NOTHING
    RETURNING id INTO entry_id;
  IF entry_id IS NOT NULL THEN
    posted := true;
    -- The lots follow the entry in the same statement: a credit is a lot, a debit takes
    -- from the oldest lots first, a refund gives back what its hold took. Expiry entries are posted
    -- with their lot by expire_points_batch, never through here.
    IF p_amount > 0 AND p_kind = 'redemption_refund' THEN
      PERFORM restore_points_lots(p_member, p_amount, p_reference, entry_id);
    ELSIF p_amount > 0 THEN
      INSERT INTO points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
        VALUES (p_member, entry_id, p_amount, p_amount, now(), points_expiry_at(now()));
    ELSIF p_kind NOT IN ('expiry', 'scan_reversal') THEN
      -- (A scan reversal closes the held lots of its hold itself: reverse_scan_hold.)
      PERFORM take_points_lots(p_member, -p_amount, entry_id);
    END IF;
    RETURN;
  END IF;
  UPDATE members m SET balance = m.balance - p_amount, tier_earned = m.tier_earned - p_earned WHERE m.id = p_member
    RETURNING m.balance, m.tier_earned INTO balance_after, tier_earned;
END;
$$;
--> statement-breakpoint

-- A scan's credits in one posting: its base entry (`scan:<serial>`) and its scheme bonuses, each
-- its own ledger entry with balance_after following the one before, but ONE update of the member's
-- row and ONE lot for all of them (post_points per entry made one of each per entry: a scan with a
-- bonus wrote the member row twice and two lots). Called by scan_coupon, which holds the member's row
-- lock. An entry whose (kind, reference) is already in the ledger is skipped and its points taken
-- back under the same lock; `posted` says which were posted, in order. `p_tiered`: the points move
-- members.tier_earned too (a tier policy is in force).
CREATE OR REPLACE FUNCTION post_scan_credits(
  p_member integer, p_amounts integer[], p_kinds text[], p_references text[], p_notes text[], p_tiered boolean,
  OUT posted boolean[], OUT first_entry bigint, OUT balance_after integer, OUT tier_earned integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_total integer := 0;
  v_running integer;
  v_entry bigint;
  v_skipped integer := 0;
BEGIN
  FOR i IN 1 .. cardinality(p_amounts) LOOP
    v_total := v_total + p_amounts[i];
  END LOOP;
  UPDATE members m SET balance = m.balance + v_total,
      tier_earned = m.tier_earned + CASE WHEN p_tiered THEN v_total ELSE 0 END, updated_at = now()
    WHERE m.id = p_member
    RETURNING m.balance, m.tier_earned INTO balance_after, tier_earned;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Member not found' USING ERRCODE = 'PT404';
  END IF;
  v_running := balance_after - v_total;
  posted := '{}';
  FOR i IN 1 .. cardinality(p_amounts) LOOP
    INSERT INTO points_ledger (member_id, amount, kind, reference, balance_after, note)
      VALUES (p_member, p_amounts[i], p_kinds[i], p_references[i], v_running + p_amounts[i], p_notes[i])
      ON CONFLICT (kind, reference) DO NOTHING
      RETURNING id INTO v_entry;
    IF v_entry IS NULL THEN
      v_skipped := v_skipped + p_amounts[i];
      posted := posted || false;
    ELSE
      v_running := v_running + p_amounts[i];
      posted := posted || true;
      first_entry := coalesce(first_entry, v_entry);
    END IF;
  END LOOP;
  IF v_skipped > 0 THEN
    UPDATE members m SET balance = m.balance - v_skipped,
        tier_earned = m.tier_earned - CASE WHEN p_tiered THEN v_skipped ELSE 0 END
      WHERE m.id = p_member
      RETURNING m.balance, m.tier_earned INTO balance_after, tier_earned;
  END IF;
  IF v_total > v_skipped THEN
    INSERT INTO points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
      VALUES (p_member, first_entry, v_total - v_skipped, v_total - v_skipped, now(), points_expiry_at(now()));
  END IF;
END;
$$;
--> statement-breakpoint

-- The tier policy in force now: the latest approved tier_policies row effective by
-- now; every column NULL when none. PL/pgSQL keeps its plan for the session.
CREATE OR REPLACE FUNCTION tier_policy_in_force(OUT id bigint, OUT period_months integer, OUT tiers jsonb)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT t.id, t.period_months, t.tiers INTO id, period_months, tiers
    FROM tier_policies t WHERE t.status = 'approved' AND t.effective_from <= now()
    ORDER BY t.effective_from DESC, t.id DESC LIMIT 1;
END;
$$;
--> statement-breakpoint

-- The tier `p_points` earned in the period reach: the highest whose minPoints they reach (the lowest
-- tier, minPoints 0, when none). A SQL function: the planner inlines it.
CREATE OR REPLACE FUNCTION tier_for_points(p_tiers jsonb, p_points integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT t->>'name' FROM jsonb_array_elements(p_tiers) t
    WHERE (t->>'minPoints')::integer <= p_points ORDER BY (t->>'minPoints')::integer DESC LIMIT 1),
    p_tiers->0->>'name')
$$;
--> statement-breakpoint

-- A tier's threshold (its minPoints) in the policy: its rank; 0 for a member not evaluated yet (the
-- lowest tier) or a tier the policy no longer has.
CREATE OR REPLACE FUNCTION tier_min_points(p_tiers jsonb, p_tier text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT (t->>'minPoints')::integer FROM jsonb_array_elements(p_tiers) t
    WHERE t->>'name' = p_tier LIMIT 1), 0)
$$;
--> statement-breakpoint

-- One round of the nightly tier evaluation: the next `p_limit` members after id
-- `p_after`, locked first in id order (the order scans, redemptions and the expiry run lock in), then,
-- in a new statement that sees what a concurrent round committed, each member's points earned by
-- scans in the policy's period (coupon_scans.points: never the balance, never refunds), the tier they
-- reach (a pinned member keeps theirs), set-based: one UPDATE of the members whose tier or figure
-- changed and one history row per changed tier. Running it again, or concurrently, changes nothing
-- more. Returns the last member id of the round; NULL when no policy is in force or no member is left.
CREATE OR REPLACE FUNCTION evaluate_member_tiers(p_after bigint, p_limit integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_policy record;
  v_ids bigint[];
BEGIN
  SELECT * INTO v_policy FROM tier_policy_in_force();
  IF v_policy.id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(x.id ORDER BY x.id) INTO v_ids FROM (
    SELECT m.id FROM members m WHERE m.id > p_after ORDER BY m.id LIMIT p_limit FOR UPDATE OF m) x;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  WITH earned AS (
    SELECT m.id, m.tier AS old_tier, m.tier_pinned, coalesce(e.points, 0)::integer AS points
      FROM members m LEFT JOIN (
        SELECT cs.member_id, sum(cs.points) AS points FROM coupon_scans cs
          WHERE cs.member_id = ANY (v_ids) AND cs.result = 'success'
            AND cs.created_at > now() - make_interval(months => v_policy.period_months)
          GROUP BY cs.member_id) e ON e.member_id = m.id
      WHERE m.id = ANY (v_ids)
  ), target AS (
    SELECT e.id, e.old_tier, e.points,
        CASE WHEN e.tier_pinned THEN e.old_tier ELSE tier_for_points(v_policy.tiers, e.points) END AS tier
      FROM earned e
  ), changed AS (
    UPDATE members m SET tier = t.tier, tier_earned = t.points
      FROM target t WHERE m.id = t.id AND (m.tier IS DISTINCT FROM t.tier OR m.tier_earned <> t.points)
      RETURNING m.id
  )
  INSERT INTO member_tiers (member_id, tier, reason, earned, policy_id)
    SELECT t.id, t.tier, 'evaluated', t.points, v_policy.id FROM target t
      WHERE t.tier IS DISTINCT FROM t.old_tier AND t.tier IS NOT NULL;
  RETURN v_ids[array_length(v_ids, 1)];
END;
$$;
--> statement-breakpoint

-- A point's cell on a 0.01° grid (about 1.1 km north-south), one integer: coupon_scans.geo_cell,
-- indexed, so the location cluster rule looks up the few cells around a scan. NULL without coordinates.
CREATE OR REPLACE FUNCTION scan_geo_cell(p_latitude double precision, p_longitude double precision)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (floor(p_latitude * 100)::integer + 9000) * 36001 + floor(p_longitude * 100)::integer + 18000
$$;
--> statement-breakpoint

-- One scan attempt of the member app (PRODUCT.md 3.4), whatever its result, in one statement:
-- the checks in order; for an active code the guarded UPDATE active -> scanned that only one
-- transaction can win, its batch counters, the ledger entry `scan:<serial>`, the schemes' bonuses
-- (docs/decisions.md: the highest multiplier, every fixed bonus, each slab reached), the referral
-- credits when the referral setting in force pays on the member's first scan, and the attempt
-- record with its fraud flags. `p_code` is the parsed code (NULL when malformed), `p_sent` what is
-- recorded. Returns {result, points, balance, serial, sku, productName}.
CREATE OR REPLACE FUNCTION scan_coupon(
  p_member integer, p_code text, p_sent text,
  p_latitude double precision, p_longitude double precision, p_state text,
  p_attempts_per_minute integer, p_geo_state text, p_device text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
-- Every statement here runs on every scan with its plan kept for the session (a generic plan). Left
-- to choose, PostgreSQL planned a statement anew on every call whenever constants made its estimate
-- look cheaper: the location cluster count (its cell array's length) took 0.1 ms of planning a scan.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  m record;
  v_locked_until timestamptz;
  s record;
  c_serial bigint; c_status text; c_batch integer; c_expired boolean; c_product integer;
  c_base integer; c_sku text; c_name text; c_distributor integer; c_distributor_state text;
  v_result text;
  v_flags text[] := '{}';
  v_entry bigint;
  v_balance integer;
  v_bonus integer := 0;
  v_amount integer;
  v_reference text;
  v_multiplied boolean := false;
  v_member_locked boolean := false;
  v_scans integer;
  v_today integer;
  v_posting record;
  v_attempts_last_minute integer;
  v_successes_last_hour integer;
  v_referral record;
  v_referral_due boolean := false;
  v_limits record;
  v_capped boolean;
  v_day_start timestamptz;
  v_month_start timestamptz;
  v_day_earned integer;
  v_month_earned integer;
  v_room integer;
  v_rules record;
  v_rated boolean;
  v_tiers record;
  v_tier_multiplier numeric := 1;
  v_base integer;
  v_points integer;
  v_earned integer;
  v_next_min integer;
  v_tier text;
  v_hold boolean := false;
  v_scan_id bigint;
  v_hold_id bigint;
  v_held integer;
  v_clustered boolean := false;
  v_device_rule boolean;
  v_place_rule boolean;
  v_cells integer[];
  v_cell integer;
  v_dlat double precision;
  v_dlon double precision;
  v_row integer;
  v_column integer;
  v_others integer;
  v_cluster_flags text[] := '{}';
  v_share smallint;
  -- This scan's credits, posted together after the schemes (post_scan_credits): base first, then bonuses.
  v_amounts integer[] := '{}';
  v_kinds text[] := '{}';
  v_references text[] := '{}';
  v_notes text[] := '{}';
  -- Per bonus: its scheme and the budget share charged (NULL: none), to take a charge back.
  v_bonus_schemes bigint[] := '{}';
  v_bonus_shares smallint[] := '{}';
  v_credits record;
  v_first_bonus integer;
  -- The dealer's share (scheme rule dealer_share): due when the partner has a dealer and such a scheme
  -- is in force; the dealer as read under the partner's lock; each share's scheme, points and budget share.
  v_dealer_due boolean := false;
  v_dealer integer;
  v_share_schemes bigint[] := '{}';
  v_share_amounts integer[] := '{}';
  v_share_shards smallint[] := '{}';
  v_dealer_points integer := 0;
BEGIN
  SELECT mm.status, mm.state, mm.type, mm.code, mm.referred_by, mm.dealer_id, mm.tier, mm.tier_pinned,
      mm.scans_locked_until INTO m
    FROM members mm WHERE mm.id = p_member;
  SELECT count(*) INTO v_attempts_last_minute
    FROM coupon_scans cs WHERE cs.member_id = p_member AND cs.created_at > now() - interval '1 minute';
  -- A pending member scans only when the programme's "scans while pending" setting in force credits
  -- at once; none in force means hold: refused here, the app keeps the code until approval.
  IF m.status IS DISTINCT FROM 'approved' AND NOT (m.status = 'pending' AND coalesce((
      SELECT ps.mode = 'credit' FROM pending_scan_settings ps WHERE ps.effective_from <= now()
        ORDER BY ps.effective_from DESC, ps.id DESC LIMIT 1), false)) THEN
    v_result := 'member_not_allowed';
  ELSIF v_attempts_last_minute >= p_attempts_per_minute THEN
    v_result := 'rate_limited';
  ELSIF m.scans_locked_until > now() THEN
    v_result := 'scans_locked';
    v_locked_until := m.scans_locked_until;
  ELSE
    SELECT c.serial, c.status::text, c.batch_id, b.expires_on < (now() AT TIME ZONE 'Asia/Kolkata')::date,
        p.id, points_in_force(p.id, p.base_points), p.sku, p.name, d.id, d.state
      INTO c_serial, c_status, c_batch, c_expired, c_product, c_base, c_sku, c_name, c_distributor,
        c_distributor_state
      FROM coupons c JOIN coupon_batches b ON b.id = c.batch_id JOIN products p ON p.id = b.product_id
      LEFT JOIN coupon_allocations a ON a.id = c.allocation_id
      LEFT JOIN distributors d ON d.id = a.distributor_id
      WHERE c.code = p_code;
    IF c_serial IS NULL THEN v_result := 'invalid_code';
    ELSIF c_status = 'damaged' THEN v_result := 'damaged';
    ELSIF c_status = 'scanned' THEN v_result := 'already_scanned';
    ELSIF c_status <> 'active' THEN v_result := 'not_active';
    ELSIF c_expired THEN v_result := 'expired';
    ELSE
      UPDATE coupons SET status = 'scanned' WHERE serial = c_serial AND status = 'active';
      IF NOT FOUND THEN
        v_result := 'already_scanned';
      ELSE
        v_result := 'success';
      END IF;
    END IF;
  END IF;

  -- Invalid codes (fraud rule): under the member's lock, in a new statement (so
  -- concurrent attempts count one another), the attempt that reaches N within the window (counted
  -- since the last lock ended) locks scanning for the lock minutes; attempts while locked are refused.
  IF v_result = 'invalid_code' THEN
    SELECT * INTO v_rules FROM fraud_rules_in_force();
    IF v_rules.invalid_code_attempts IS NOT NULL THEN
      SELECT mm.scans_locked_until INTO v_locked_until FROM members mm WHERE mm.id = p_member FOR UPDATE;
      IF v_locked_until > now() THEN
        v_result := 'scans_locked';
      ELSIF (SELECT count(*) FROM coupon_scans cs WHERE cs.member_id = p_member AND cs.result = 'invalid_code'
          AND cs.created_at > greatest(now() - make_interval(mins => v_rules.invalid_code_window_minutes),
            coalesce(v_locked_until, '-infinity'))) + 1 >= v_rules.invalid_code_attempts THEN
        v_locked_until := now() + make_interval(mins => v_rules.invalid_code_lock_minutes);
        UPDATE members SET scans_locked_until = v_locked_until WHERE id = p_member;
      ELSE
        v_locked_until := NULL;
      END IF;
    END IF;
  END IF;

  IF v_result = 'success' THEN
    -- Lock order: the coupon (the guarded UPDATE above), then members in id order, then
    -- scheme rows (budgets), so no scan holds a scheme row while it waits for a member. A first scan
    -- that pays a referral locks the referrer with the member here, before any budget (it used to
    -- lock the referrer after the budget: a deadlock with the referrer's own scan, holding the
    -- referrer and waiting for the budget).
    IF m.referred_by IS NOT NULL THEN
      SELECT rs.referrer_points, rs.referee_points, rs.trigger INTO v_referral FROM referral_settings rs
        WHERE rs.effective_from <= now() ORDER BY rs.effective_from DESC, rs.id DESC LIMIT 1;
      v_referral_due := v_referral.trigger = 'first_scan' AND NOT EXISTS (SELECT 1 FROM coupon_scans cs
        WHERE cs.member_id = p_member AND cs.result = 'success');
    END IF;
    -- The member's tier multiplies the base points, rounded down: 10 points at
    -- 1.25 earn 12. Scheme bonuses stay on the catalogue's base (c_base); caps count the multiplied points.
    SELECT * INTO v_tiers FROM tier_policy_in_force();
    IF v_tiers.id IS NOT NULL THEN
      SELECT (t->>'multiplier')::numeric INTO v_tier_multiplier FROM jsonb_array_elements(v_tiers.tiers) t
        WHERE t->>'name' = coalesce(m.tier, v_tiers.tiers->0->>'name') LIMIT 1;
      v_tier_multiplier := coalesce(v_tier_multiplier, 1);
    END IF;
    v_base := floor(coalesce(c_base, 0) * v_tier_multiplier)::integer;
    SELECT * INTO v_limits FROM points_limits_in_force();
    v_capped := v_limits.scan_points_per_day IS NOT NULL OR v_limits.scan_points_per_month IS NOT NULL;
    SELECT * INTO v_rules FROM fraud_rules_in_force();
    v_rated := v_rules.scans_per_hour IS NOT NULL;
    v_device_rule := v_rules.device_cluster_members IS NOT NULL AND coalesce(p_device, '') <> '';
    v_place_rule := v_rules.location_cluster_members IS NOT NULL AND p_latitude IS NOT NULL AND p_longitude IS NOT NULL;
    v_clustered := v_device_rule OR v_place_rule;
    -- A partner with a dealer, under a dealer share in force: the dealer is locked with the partner,
    -- in id order, before any budget (lock order: coupon, members, scheme rows); only partners with a
    -- dealer pay for the look-up.
    IF m.dealer_id IS NOT NULL THEN
      v_dealer_due := EXISTS (SELECT 1 FROM schemes_in_force(c_product, false, m.type, m.state, p_member) sc
        WHERE sc.rule = 'dealer_share');
    END IF;
    IF v_dealer_due THEN
      IF m.referred_by IS NOT NULL AND NOT v_referral_due THEN
        PERFORM 1 FROM members mm WHERE mm.id = m.referred_by FOR KEY SHARE;
      END IF;
      PERFORM 1 FROM members mm
        WHERE mm.id IN (p_member, m.dealer_id, CASE WHEN v_referral_due THEN m.referred_by END)
        ORDER BY mm.id FOR UPDATE;
      v_member_locked := true;
      -- Read again under the partner's lock, in a new statement: a partner who left (or changed) his
      -- dealer before this scan took the lock pays no share to the dealer he left. Attaching and
      -- detaching lock the partner's row, so one that commits later waits for this scan.
      SELECT d.id INTO v_dealer FROM members p JOIN members d ON d.id = p.dealer_id
        WHERE p.id = p_member AND d.status = 'approved';
      IF v_dealer IS DISTINCT FROM m.dealer_id AND v_dealer IS NOT NULL THEN
        PERFORM 1 FROM members mm WHERE mm.id = v_dealer FOR UPDATE;
      END IF;
    ELSIF v_referral_due THEN
      PERFORM 1 FROM members mm WHERE mm.id IN (p_member, m.referred_by) ORDER BY mm.id FOR UPDATE;
      v_member_locked := true;
    ELSIF m.referred_by IS NOT NULL THEN
      -- A second update of the member's row in one transaction (the scan's posting, then a bonus,
      -- the tier figure or a hold) makes PostgreSQL re-check its referred_by foreign key, which takes
      -- a key-share lock on the referrer AFTER the member: against a referral-paying scan of the same
      -- member (referrer, then member, in id order; a referrer is always older) that is a deadlock.
      -- So the referrer's key-share lock is taken first, in that same order.
      PERFORM 1 FROM members mm WHERE mm.id = m.referred_by FOR KEY SHARE;
      IF v_capped OR v_rated OR v_clustered THEN
        PERFORM 1 FROM members mm WHERE mm.id = p_member FOR UPDATE;
        v_member_locked := true;
      END IF;
    ELSIF v_capped OR v_rated OR v_clustered THEN
      PERFORM 1 FROM members mm WHERE mm.id = p_member FOR UPDATE;
      v_member_locked := true;
    END IF;
    -- The fraud rule on scans per member per hour, counted under the member's
    -- lock in a new statement, so concurrent scans of one member count one another: with `refuse` the
    -- scan past the limit is refused and its coupon stays active; with `flag` it is credited, flagged.
    IF v_rated THEN
      SELECT count(*) INTO v_successes_last_hour FROM coupon_scans cs
        WHERE cs.member_id = p_member AND cs.result = 'success' AND cs.created_at > now() - interval '1 hour';
      IF v_successes_last_hour >= v_rules.scans_per_hour THEN
        IF v_rules.scans_per_hour_action = 'refuse' THEN
          v_result := 'too_many_scans';
          UPDATE coupons SET status = 'active' WHERE serial = c_serial;
          v_capped := false;
        ELSE
          v_flags := v_flags || 'too_many_per_hour'::text;
          v_hold := v_hold OR v_rules.scans_per_hour_action = 'hold';
        END IF;
      END IF;
    END IF;
    -- Outside the distributor's state: the state the server decided from the
    -- coordinates (p_geo_state; none without them: no decision), never the one the app sends.
    IF v_result = 'success' AND coalesce(p_geo_state, '') <> '' AND coalesce(c_distributor_state, '') <> ''
        AND lower(p_geo_state) <> lower(trim(c_distributor_state)) THEN
      IF v_rules.outside_state_action = 'refuse' THEN
        v_result := 'outside_distributor_state';
        UPDATE coupons SET status = 'active' WHERE serial = c_serial;
      ELSE
        v_flags := v_flags || 'outside_distributor_state'::text;
        v_hold := v_hold OR v_rules.outside_state_action = 'hold';
      END IF;
    END IF;
    -- The cluster rules: N distinct members credited from one device, or within R
    -- metres of this scan, within the window (this member counted as one of them) → the action. Cheap:
    -- the device's scans on coupon_scans_device_idx, the grid cells around the scan (a bounding box
    -- of R, at most a few 0.01° cells) on coupon_scans_geo_cell_idx. Counted with count(DISTINCT),
    -- not DISTINCT … LIMIT N − 1: PL/pgSQL's generic plan for the LIMIT form walked
    -- coupon_scans_member_idx in member order over EVERY scan of the window (to stop early), so each
    -- scan read all the day's scans (measured: 5.4 ms at 16,000 scans, growing with the day).
    -- Concurrency: after the member's lock, a transaction-scoped advisory lock on the device and on
    -- every cell of the box, taken in one order (device, then cells ascending), then the counts in
    -- new statements: two scans that could count each other share a lock (a scan's own cell lies in
    -- the box of every scan within R of it), so the later one waits and sees the earlier one's row,
    -- which is written before commit. Lock order: coupon, members, these locks, scheme rows.
    IF v_clustered AND v_result = 'success' THEN
      IF v_device_rule THEN
        PERFORM pg_advisory_xact_lock(hashtext('scan-device'), hashtext(p_device));
        SELECT count(DISTINCT cs.member_id) INTO v_others FROM coupon_scans cs
          WHERE cs.device_id = p_device AND cs.result = 'success' AND cs.member_id <> p_member
            AND cs.created_at > now() - make_interval(hours => v_rules.cluster_window_hours);
        IF v_others + 1 >= v_rules.device_cluster_members THEN
          v_cluster_flags := v_cluster_flags || 'shared_device'::text;
        END IF;
      END IF;
      IF v_place_rule THEN
        v_dlat := v_rules.cluster_radius_metres / 111320.0;
        v_dlon := v_rules.cluster_radius_metres / (111320.0 * greatest(cos(radians(p_latitude)), 0.05));
        -- The box's cells in ascending order (row by row: a cell is its row × 36001 + its column), by
        -- loops, not a query over generate_series (whose exact row counts made it planned anew each scan).
        v_cells := '{}';
        FOR v_row IN floor((p_latitude - v_dlat) * 100)::integer .. floor((p_latitude + v_dlat) * 100)::integer LOOP
          FOR v_column IN floor((p_longitude - v_dlon) * 100)::integer .. floor((p_longitude + v_dlon) * 100)::integer LOOP
            v_cells := v_cells || scan_geo_cell(v_row / 100.0 + 0.005, v_column / 100.0 + 0.005);
          END LOOP;
        END LOOP;
        FOREACH v_cell IN ARRAY v_cells LOOP
          PERFORM pg_advisory_xact_lock(hashtext('scan-geo-cell'), v_cell);
        END LOOP;
        SELECT count(DISTINCT cs.member_id) INTO v_others FROM coupon_scans cs
          WHERE cs.geo_cell = ANY (v_cells) AND cs.result = 'success' AND cs.member_id <> p_member
            AND cs.created_at > now() - make_interval(hours => v_rules.cluster_window_hours)
            AND 111320.0 * sqrt((cs.latitude - p_latitude) ^ 2
              + ((cs.longitude - p_longitude) * cos(radians(p_latitude))) ^ 2) <= v_rules.cluster_radius_metres;
        IF v_others + 1 >= v_rules.location_cluster_members THEN
          v_cluster_flags := v_cluster_flags || 'location_cluster'::text;
        END IF;
      END IF;
      IF cardinality(v_cluster_flags) > 0 THEN
        IF v_rules.cluster_action = 'refuse' THEN
          v_result := 'cluster_refused';
          UPDATE coupons SET status = 'active' WHERE serial = c_serial;
          v_capped := false;
        ELSE
          v_flags := v_flags || v_cluster_flags;
          v_hold := v_hold OR v_rules.cluster_action = 'hold';
        END IF;
      END IF;
    END IF;
    -- Caps on points earned by scans (base + bonuses) per day and per month, IST: read under the
    -- member's lock, in a new statement, so concurrent scans of one member count one another. A scan
    -- whose base points pass a cap is refused and its coupon stays active; bonuses are cut to the room
    -- left, so what a member earns by scans never passes a cap.
    IF v_capped AND v_result = 'success' THEN
      v_day_start := date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
      v_month_start := date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
      SELECT coalesce(sum(cs.points) FILTER (WHERE cs.created_at >= v_day_start), 0), coalesce(sum(cs.points), 0)
        INTO v_day_earned, v_month_earned
        FROM coupon_scans cs
        WHERE cs.member_id = p_member AND cs.result = 'success' AND cs.created_at >= v_month_start;
      v_room := least(coalesce(v_limits.scan_points_per_day - v_day_earned, 2147483647),
        coalesce(v_limits.scan_points_per_month - v_month_earned, 2147483647));
      IF v_base > v_room THEN
        v_result := CASE WHEN v_month_earned + v_base > v_limits.scan_points_per_month
          THEN 'monthly_cap_reached' ELSE 'daily_cap_reached' END;
        UPDATE coupons SET status = 'active' WHERE serial = c_serial;
      END IF;
    END IF;
  END IF;

  IF v_result = 'success' THEN
    INSERT INTO coupon_counts (batch_id, status, shard, n)
      VALUES (c_batch, 'active', coupon_count_shard(), -1), (c_batch, 'scanned', coupon_count_shard(), 1)
      ON CONFLICT (batch_id, status, shard) DO UPDATE SET n = coupon_counts.n + excluded.n;

    IF v_base > 0 THEN
      v_amounts := v_amounts || v_base;
      v_kinds := v_kinds || 'scan'::text;
      v_references := v_references || ('scan:' || c_serial);
      v_notes := v_notes || NULL::text;
    END IF;
    FOR s IN
      SELECT sc.id, sc.name, sc.rule, sc.multiplier, sc.bonus_points, sc.slab_scans, sc.product_ids,
          sc.starts_on, sc.ends_on, sc.budget_points, sc.share_percent
        FROM schemes_in_force(c_product, false, m.type, m.state, p_member) sc
        ORDER BY CASE sc.rule WHEN 'multiplier' THEN 0 WHEN 'fixed_bonus' THEN 1 ELSE 2 END,
          sc.multiplier DESC NULLS LAST, sc.id
    LOOP
      v_amount := 0;
      v_reference := 'scan:' || c_serial;
      IF s.rule = 'dealer_share' THEN
        -- Paid to the dealer, not the partner: charged to its own budget here, posted after the
        -- partner's credits. A held scan pays no share (the review decides on the partner's points).
        IF v_dealer IS NOT NULL AND NOT v_hold THEN
          v_amount := CASE WHEN s.share_percent IS NOT NULL THEN floor(v_base * s.share_percent / 100)::integer
            ELSE coalesce(s.bonus_points, 0) END;
          v_share := NULL;
          IF v_amount > 0 AND s.budget_points IS NOT NULL THEN
            v_share := charge_scheme_budget(s.id, v_amount);
            IF v_share IS NULL THEN
              v_amount := 0;
            END IF;
          END IF;
          IF v_amount > 0 THEN
            v_share_schemes := v_share_schemes || s.id::bigint;
            v_share_amounts := v_share_amounts || v_amount;
            v_share_shards := v_share_shards || v_share;
          END IF;
        END IF;
        CONTINUE;
      ELSIF s.rule = 'multiplier' THEN
        IF NOT v_multiplied THEN
          v_multiplied := true;
          v_amount := round(c_base * (s.multiplier - 1));
        END IF;
      ELSIF s.rule = 'fixed_bonus' THEN
        v_amount := coalesce(s.bonus_points, 0);
      ELSIF s.rule = 'slab_bonus' AND coalesce(s.slab_scans, 0) > 0 THEN
        -- The member's lock first (lock order: coupon, then member), so that concurrent scans of
        -- one member count one another: each statement below sees what committed before it.
        IF NOT v_member_locked THEN
          PERFORM 1 FROM members mm WHERE mm.id = p_member FOR UPDATE;
          v_member_locked := true;
        END IF;
        SELECT count(*) + 1 INTO v_scans FROM coupon_scans cs
          WHERE cs.member_id = p_member AND cs.result = 'success'
            AND (cardinality(s.product_ids) = 0 OR cs.product_id = ANY (s.product_ids))
            AND cs.created_at >= (s.starts_on::timestamp AT TIME ZONE 'Asia/Kolkata')
            AND cs.created_at < ((s.ends_on + 1)::timestamp AT TIME ZONE 'Asia/Kolkata');
        -- Slab k posts once (its reference), the first time the count reaches k × N.
        IF v_scans / s.slab_scans >= 1 THEN
          v_amount := coalesce(s.bonus_points, 0);
          v_reference := 'slab:' || p_member || ':' || (v_scans / s.slab_scans);
        END IF;
      END IF;
      -- Under a cap, a bonus is cut to the room the cap leaves after this scan's base and earlier bonuses.
      IF v_amount > 0 AND v_room IS NOT NULL THEN
        v_amount := greatest(0, least(v_amount, v_room - v_base - v_bonus));
      END IF;
      -- A scheme with a points budget pays a bonus only while the budget covers all of it:
      -- charged first (charge_scheme_budget: the connection's share of the budget, so concurrent scans
      -- do not queue on one row), the spend never passes the budget; an exhausted scheme drops out of
      -- schemes_in_force (paused).
      v_share := NULL;
      IF v_amount > 0 AND s.budget_points IS NOT NULL THEN
        -- The member's lock before the budget's (lock order: coupon, members, scheme rows): the
        -- credits are posted after the schemes, so unless a rule took it already it is taken here.
        IF NOT v_member_locked THEN
          PERFORM 1 FROM members mm WHERE mm.id = p_member FOR UPDATE;
          v_member_locked := true;
        END IF;
        v_share := charge_scheme_budget(s.id, v_amount);
        IF v_share IS NULL THEN
          v_amount := 0;
        END IF;
      END IF;
      IF v_amount > 0 THEN
        v_amounts := v_amounts || v_amount;
        v_kinds := v_kinds || 'scheme_bonus'::text;
        v_references := v_references || ('scheme:' || s.id || ':' || v_reference);
        v_notes := v_notes || s.name::text;
        v_bonus_schemes := v_bonus_schemes || s.id::bigint;
        v_bonus_shares := v_bonus_shares || v_share;
        v_bonus := v_bonus + v_amount;
      END IF;
    END LOOP;

    IF cardinality(v_amounts) > 0 THEN
      SELECT * INTO v_credits FROM post_scan_credits(p_member, v_amounts, v_kinds, v_references, v_notes,
        v_tiers.id IS NOT NULL);
      v_balance := v_credits.balance_after;
      v_earned := v_credits.tier_earned;
      IF v_base > 0 AND v_credits.posted[1] THEN
        v_entry := v_credits.first_entry;
      END IF;
      -- A bonus already paid under its reference is not this scan's: its budget takes the charge back.
      v_first_bonus := cardinality(v_amounts) - cardinality(v_bonus_schemes);
      FOR i IN 1 .. cardinality(v_bonus_schemes) LOOP
        IF NOT v_credits.posted[v_first_bonus + i] THEN
          v_bonus := v_bonus - v_amounts[v_first_bonus + i];
          IF v_bonus_shares[i] IS NOT NULL THEN
            UPDATE scheme_budget_shares SET spent = spent - v_amounts[v_first_bonus + i]
              WHERE scheme_id = v_bonus_schemes[i] AND shard = v_bonus_shares[i];
          END IF;
        END IF;
      END LOOP;
    END IF;

    -- The dealer's shares, each its own ledger entry on the dealer (reference: scheme and coupon, so a
    -- share posts once); one already posted gives its budget charge back.
    FOR i IN 1 .. cardinality(v_share_schemes) LOOP
      SELECT * INTO v_posting FROM post_points(v_dealer, v_share_amounts[i], 'dealer_share',
        'dealer-share:' || v_share_schemes[i] || ':' || c_serial, NULL, 'Share of ' || m.code || '''s scan');
      IF v_posting.posted THEN
        v_dealer_points := v_dealer_points + v_share_amounts[i];
      ELSIF v_share_shards[i] IS NOT NULL THEN
        UPDATE scheme_budget_shares SET spent = spent - v_share_amounts[i]
          WHERE scheme_id = v_share_schemes[i] AND shard = v_share_shards[i];
      END IF;
    END LOOP;

    -- Referral points on the first scan (PRODUCT.md §3.4), under the same references as
    -- referralTrigger (modules/points-settings/points-credits.ts), so each side is paid once whatever
    -- the trigger was when: concurrent first scans both see no earlier success, and the ledger's
    -- unique (kind, reference) lets only one of them post. Both members are locked already.
    IF v_referral_due THEN
      IF v_referral.referrer_points > 0 THEN
        PERFORM post_points(m.referred_by, v_referral.referrer_points, 'referral',
          'referral:' || p_member || ':referrer', NULL, 'Referred ' || m.code);
      END IF;
      IF v_referral.referee_points > 0 THEN
        SELECT * INTO v_posting FROM post_points(p_member, v_referral.referee_points, 'referral',
          'referral:' || p_member || ':referee', NULL, 'Referral welcome points');
        v_balance := v_posting.balance_after;
      END IF;
    END IF;

    -- The tier, evaluated on earning, cheaply: the member's running figure grew by
    -- this scan's points in the posting's own UPDATE (post_scan_credits' p_tiered; v_earned is the
    -- figure after it: no second update of the member row for it); only when it reaches the next tier's
    -- threshold are the period's scans summed exactly (this scan's row is written below, so it is
    -- added) and the member moved up. A scan never moves a member down:
    -- points leaving the period are the nightly evaluation's (evaluate_member_tiers). A pinned tier
    -- (an approved override) stays.
    v_points := v_base + v_bonus;
    IF v_tiers.id IS NOT NULL AND v_points > 0 AND v_earned IS NOT NULL THEN
      -- The next threshold above the member's tier (tier_min_points written out: a call of that SQL
      -- function here was parsed and planned on every scan, and made this statement planned anew too).
      SELECT min((t->>'minPoints')::integer) INTO v_next_min FROM jsonb_array_elements(v_tiers.tiers) t
        WHERE (t->>'minPoints')::integer > coalesce((SELECT (u->>'minPoints')::integer
          FROM jsonb_array_elements(v_tiers.tiers) u WHERE u->>'name' = m.tier LIMIT 1), 0);
      IF NOT m.tier_pinned AND v_next_min IS NOT NULL AND v_earned >= v_next_min THEN
        SELECT coalesce(sum(cs.points), 0)::integer + v_points INTO v_earned FROM coupon_scans cs
          WHERE cs.member_id = p_member AND cs.result = 'success'
            AND cs.created_at > now() - make_interval(months => v_tiers.period_months);
        v_tier := tier_for_points(v_tiers.tiers, v_earned);
        IF tier_min_points(v_tiers.tiers, v_tier) > tier_min_points(v_tiers.tiers, m.tier) THEN
          UPDATE members SET tier_earned = v_earned, tier = v_tier WHERE id = p_member;
          INSERT INTO member_tiers (member_id, tier, reason, earned, policy_id)
            VALUES (p_member, v_tier, 'evaluated', v_earned, v_tiers.id);
        ELSE
          UPDATE members SET tier_earned = v_earned WHERE id = p_member;
        END IF;
      END IF;
    END IF;
  END IF;

  INSERT INTO coupon_scans (member_id, code, coupon_serial, batch_id, product_id, distributor_id,
      result, points, ledger_entry_id, latitude, longitude, state, geo_state, flags, device_id, geo_cell)
    VALUES (p_member, left(p_sent, 40), c_serial, c_batch, c_product, c_distributor, v_result,
      CASE WHEN v_result = 'success' THEN v_base + v_bonus END, v_entry,
      p_latitude, p_longitude, p_state, p_geo_state, CASE WHEN v_result = 'success' THEN v_flags ELSE '{}' END,
      nullif(left(p_device, 100), ''), scan_geo_cell(p_latitude, p_longitude))
    RETURNING id INTO v_scan_id;

  -- Held credit: a scan rule whose action is `hold` set v_hold. Everything this
  -- scan credited to the member (its lots: earned in this transaction, under the member's lock since
  -- the first posting) is held for review: one scan_holds row, the lots marked, members.held_points.
  IF v_hold AND v_result = 'success' THEN
    INSERT INTO scan_holds (scan_id, member_id, points, rules)
      SELECT v_scan_id, p_member, sum(l.remaining), v_flags FROM points_lots l
        WHERE l.member_id = p_member AND l.earned_at = now() AND l.held_by IS NULL AND l.remaining > 0
        HAVING sum(l.remaining) > 0
      RETURNING id, points INTO v_hold_id, v_held;
    IF v_hold_id IS NOT NULL THEN
      UPDATE points_lots l SET held_by = v_hold_id
        WHERE l.member_id = p_member AND l.earned_at = now() AND l.held_by IS NULL AND l.remaining > 0;
      UPDATE members mm SET held_points = mm.held_points + v_held WHERE mm.id = p_member;
    END IF;
  END IF;

  -- Webhooks (db/custom/webhooks.sql), in this transaction: one probe when no subscription wants scans.
  IF v_result = 'success' AND EXISTS (SELECT 1 FROM webhook_subscriptions ws
      WHERE ws.active AND ws.event_types && ARRAY['scan.credited', 'scan.held']) THEN
    PERFORM record_webhook_event(CASE WHEN v_hold_id IS NULL THEN 'scan.credited' ELSE 'scan.held' END,
      p_member, jsonb_build_object('memberId', p_member, 'scanId', v_scan_id, 'serial', c_serial,
        'sku', c_sku, 'points', v_base + v_bonus, 'balance', v_balance)
        || CASE WHEN v_hold_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('heldPoints', v_held) END);
  END IF;

  -- The codes this member got credited today (IST), this one included: the app's "today: N codes"
  -- while scanning a stack of packs (counted here, not guessed on the phone).
  IF v_result = 'success' THEN
    SELECT count(*) INTO v_today FROM coupon_scans cs
      WHERE cs.member_id = p_member AND cs.result = 'success'
        AND cs.created_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata';
  END IF;

  RETURN jsonb_build_object(
    'result', v_result,
    'points', CASE WHEN v_result = 'success' THEN v_base + v_bonus ELSE 0 END,
    'balance', v_balance,
    'serial', c_serial, 'sku', c_sku, 'productName', c_name, 'heldPoints', coalesce(v_held, 0),
    'dealerPoints', v_dealer_points,
    -- Why the points are held: the fraud rules the scan met (the hold's rules).
    'holdRules', CASE WHEN v_hold_id IS NOT NULL THEN to_jsonb(v_flags) ELSE '[]'::jsonb END,
    'todayCodes', v_today,
    'lockedUntil', v_locked_until);
END;
$$;
--> statement-breakpoint

-- A scan under an Idempotency-Key, still one statement when the key is new: claims the key, scans
-- and stores the answer (in clear: it holds no secret), all committing together, so "done" and
-- "stored" never part. A key already present is not handled here: the answer is {"claimed": false}
-- and the caller takes the general path (replay, different request, still running, expired).
CREATE OR REPLACE FUNCTION scan_coupon_once(
  p_scope text, p_key text, p_fingerprint text,
  p_member integer, p_code text, p_sent text,
  p_latitude double precision, p_longitude double precision, p_state text,
  p_attempts_per_minute integer, p_geo_state text, p_device text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_claim bigint;
  v_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES (p_scope, p_key, p_fingerprint)
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING id INTO v_claim;
  IF v_claim IS NULL THEN
    RETURN jsonb_build_object('claimed', false);
  END IF;
  v_answer := scan_coupon(p_member, p_code, p_sent, p_latitude, p_longitude, p_state,
    p_attempts_per_minute, p_geo_state, p_device);
  UPDATE idempotency_keys SET status = 'done', response_status = 200, answer = v_answer WHERE id = v_claim;
  RETURN v_answer;
END;
$$;

--> statement-breakpoint

-- Clearing a scan hold (QR Scan History → Review), in the caller's transaction after it locked the
-- hold row (status checked there): the lots are released, their expiry restarting from now (the
-- points could not be used while held, so the clock starts when they can), and the member's held
-- points go down by the hold's points. Returns the member's balance.
CREATE OR REPLACE FUNCTION clear_scan_hold(p_hold bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  h record;
  v_balance integer;
BEGIN
  SELECT sh.member_id, sh.points INTO h FROM scan_holds sh WHERE sh.id = p_hold;
  UPDATE members m SET held_points = m.held_points - h.points, updated_at = now()
    WHERE m.id = h.member_id RETURNING m.balance INTO v_balance;
  UPDATE points_lots l SET held_by = NULL, expires_at = points_expiry_at(now())
    WHERE l.held_by = p_hold AND l.member_id = h.member_id;
  RETURN v_balance;
END;
$$;
--> statement-breakpoint

-- Reversing a scan hold (approved by a second person), in the caller's transaction after it locked
-- the hold row: the held points stop being held and one `scan_reversal` debit of exactly them is
-- posted (reference `scan-hold:<id>`, once); the held lots are closed and the debit records what it
-- took from each (points_lot_uses). The balance is back where it was before the scan. Returns the entry.
CREATE OR REPLACE FUNCTION reverse_scan_hold(p_hold bigint, p_staff integer, p_note text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  h record;
  v_posting record;
BEGIN
  SELECT sh.member_id, sh.points INTO h FROM scan_holds sh WHERE sh.id = p_hold;
  UPDATE members m SET held_points = m.held_points - h.points WHERE m.id = h.member_id;
  SELECT * INTO v_posting FROM post_points(h.member_id, -h.points, 'scan_reversal', 'scan-hold:' || p_hold,
    p_staff, p_note);
  IF NOT v_posting.posted THEN
    RAISE EXCEPTION 'Scan hold % was already reversed', p_hold USING ERRCODE = 'PT409';
  END IF;
  WITH closed AS (
    UPDATE points_lots l SET remaining = 0 FROM points_lots o
      WHERE o.id = l.id AND l.held_by = p_hold AND l.member_id = h.member_id AND l.remaining > 0
      RETURNING l.id, o.remaining
  )
  INSERT INTO points_lot_uses (entry_id, lot_id, amount) SELECT v_posting.entry_id, c.id, c.remaining FROM closed c;
  RETURN v_posting.entry_id;
END;
$$;
