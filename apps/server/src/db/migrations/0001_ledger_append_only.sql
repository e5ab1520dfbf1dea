-- The points ledger is append-only (PRODUCT.md §2): corrections are new entries, never edits.
-- Custom migration: drizzle-kit cannot express triggers, so this file is copied verbatim into the
-- custom migration `<n>_ledger_append_only.sql` that follows the generated init (see regenerate.sh).
CREATE OR REPLACE FUNCTION points_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_ledger is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS points_ledger_no_change ON points_ledger;
--> statement-breakpoint
CREATE TRIGGER points_ledger_no_change BEFORE UPDATE OR DELETE ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS points_ledger_no_truncate ON points_ledger;
--> statement-breakpoint
CREATE TRIGGER points_ledger_no_truncate BEFORE TRUNCATE ON points_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_append_only();
