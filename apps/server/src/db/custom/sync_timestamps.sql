-- The integration API reads members, redemptions and payout lines "changed since a cursor" over
-- (updated_at, id): every UPDATE must move updated_at, whichever code path (service, SQL function,
-- trigger) makes it. Custom migration: drizzle-kit cannot express triggers (see regenerate.sh).
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_touch_updated_at ON members;
--> statement-breakpoint
CREATE TRIGGER members_touch_updated_at BEFORE UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
DROP TRIGGER IF EXISTS redemptions_touch_updated_at ON redemptions;
--> statement-breakpoint
CREATE TRIGGER redemptions_touch_updated_at BEFORE UPDATE ON redemptions
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
DROP TRIGGER IF EXISTS payout_lines_touch_updated_at ON payout_lines;
--> statement-breakpoint
CREATE TRIGGER payout_lines_touch_updated_at BEFORE UPDATE ON payout_lines
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
