CREATE TYPE "public"."coupon_status" AS ENUM('generated', 'printed', 'active', 'scanned', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."store_kind" AS ENUM('dealer', 'distributor', 'experience_centre', 'branch');--> statement-breakpoint
CREATE SEQUENCE "public"."coupon_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_role" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "dealer_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"linked_via" text NOT NULL,
	"linked_by_staff" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_via" text,
	"ended_by_staff" integer,
	"ended_at" timestamp with time zone,
	CONSTRAINT "dealer_links_not_self" CHECK ("dealer_links"."member_id" <> "dealer_links"."dealer_id"),
	CONSTRAINT "dealer_links_via" CHECK ("dealer_links"."linked_via" in ('partner', 'dealer', 'staff', 'upload'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"image_file_id" bigint NOT NULL,
	"link_url" text,
	"member_types" text[] DEFAULT '{}' NOT NULL,
	"states" text[] DEFAULT '{}' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"body" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"venue" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"image_file_ids" bigint[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "events_registered_check" CHECK ("events"."registered" between 0 and "events"."capacity")
);
--> statement-breakpoint
CREATE TABLE "gallery_albums" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"album_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_file_id" bigint,
	"video_url" text,
	"product_ids" bigint[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_line_id" integer NOT NULL,
	"distributor_id" integer,
	"mode" text NOT NULL,
	"from_serial" bigint,
	"to_serial" bigint,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"undo_reason" text,
	"undone_by" integer,
	"undone_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_prints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer,
	"from_serial" bigint NOT NULL,
	"to_serial" bigint NOT NULL,
	"layout" text NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"labels" integer NOT NULL,
	"reprint" boolean NOT NULL,
	"status" text DEFAULT 'rendering' NOT NULL,
	"file_id" integer,
	"task_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"code" text NOT NULL,
	"coupon_serial" bigint,
	"batch_id" integer,
	"product_id" integer,
	"distributor_id" integer,
	"result" text NOT NULL,
	"points" integer,
	"ledger_entry_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"state" text,
	"geo_state" text,
	"device_id" text,
	"geo_cell" integer,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expires_on" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'generating' NOT NULL,
	"first_serial" bigint NOT NULL,
	"last_serial" bigint NOT NULL,
	"damaged_report_id" integer,
	"task_id" integer,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupon_counts" (
	"batch_id" integer NOT NULL,
	"status" "coupon_status" NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_counts_batch_id_status_shard_pk" PRIMARY KEY("batch_id","status","shard")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"serial" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"batch_id" integer NOT NULL,
	"status" "coupon_status" DEFAULT 'generated' NOT NULL,
	"allocation_id" integer,
	"replaces_serial" bigint,
	CONSTRAINT "coupons_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "damaged_report_items" (
	"report_id" integer NOT NULL,
	"serial" bigint NOT NULL,
	CONSTRAINT "damaged_report_items_report_id_serial_pk" PRIMARY KEY("report_id","serial")
);
--> statement-breakpoint
CREATE TABLE "damaged_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photo_file_id" integer,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reported_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"voided" integer,
	"replaced" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bdes" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"districts" text[] DEFAULT '{}'::text[] NOT NULL,
	"pincodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"monthly_target" integer DEFAULT 0 NOT NULL,
	"password_hash" text NOT NULL,
	"password_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"designation" text NOT NULL,
	"department" text NOT NULL,
	"zone" text NOT NULL,
	"manager_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_code_unique" UNIQUE("code"),
	CONSTRAINT "employees_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "employees_not_own_manager" CHECK ("employees"."manager_id" is distinct from "employees"."id"),
	CONSTRAINT "employees_status" CHECK ("employees"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "field_onboardings" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"visit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "field_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "field_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"type" text NOT NULL,
	"party" text NOT NULL,
	"place_state" text,
	"place_district" text,
	"place_pincode" text,
	"check_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_in_lat" double precision NOT NULL,
	"check_in_lng" double precision NOT NULL,
	"check_in_accuracy" double precision,
	"note" text,
	"photo_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"check_out_at" timestamp with time zone,
	"check_out_lat" double precision,
	"check_out_lng" double precision,
	"check_out_accuracy" double precision,
	"check_out_notes" text,
	"distance_metres" integer,
	"flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_visits_type" CHECK ("field_visits"."type" in ('dealer_visit', 'carpenter_meet', 'site_visit'))
);
--> statement-breakpoint
CREATE TABLE "encryption_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"check_value" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"category" text NOT NULL,
	"rating" smallint NOT NULL,
	"message" text NOT NULL,
	"attachment_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_state_check" CHECK ("feedback"."state" in ('open', 'in_progress', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"staff_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"location" text DEFAULT 'postgres' NOT NULL,
	"status" text DEFAULT 'writing' NOT NULL,
	"purpose" text NOT NULL,
	"owner_staff_id" integer,
	"owner_member_id" integer,
	"owner_employee_id" integer,
	"attached_at" timestamp with time zone,
	"thumbnail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_location" CHECK ("files"."location" in ('postgres', 's3')),
	CONSTRAINT "files_one_owner" CHECK (num_nonnulls("files"."owner_staff_id", "files"."owner_member_id", "files"."owner_employee_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "fraud_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scans_per_hour" integer,
	"scans_per_hour_action" text,
	"same_pan_action" text,
	"same_bank_action" text,
	"same_upi_action" text,
	"outside_state_action" text,
	"invalid_code_attempts" integer,
	"invalid_code_window_minutes" integer,
	"invalid_code_lock_minutes" integer,
	"device_cluster_members" integer,
	"location_cluster_members" integer,
	"cluster_radius_metres" integer,
	"cluster_window_hours" integer,
	"cluster_action" text,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "fraud_rules_scans_per_hour" CHECK (("fraud_rules"."scans_per_hour" is null) = ("fraud_rules"."scans_per_hour_action" is null) and coalesce("fraud_rules"."scans_per_hour", 1) > 0),
	CONSTRAINT "fraud_rules_invalid_codes" CHECK (("fraud_rules"."invalid_code_attempts" is null) = ("fraud_rules"."invalid_code_window_minutes" is null)
        and ("fraud_rules"."invalid_code_attempts" is null) = ("fraud_rules"."invalid_code_lock_minutes" is null)
        and coalesce(least("fraud_rules"."invalid_code_attempts", "fraud_rules"."invalid_code_window_minutes", "fraud_rules"."invalid_code_lock_minutes"), 1) > 0),
	CONSTRAINT "fraud_rules_cluster" CHECK ((("fraud_rules"."device_cluster_members" is null and "fraud_rules"."location_cluster_members" is null)
          = ("fraud_rules"."cluster_window_hours" is null))
        and ("fraud_rules"."cluster_window_hours" is null) = ("fraud_rules"."cluster_action" is null)
        and ("fraud_rules"."location_cluster_members" is null) = ("fraud_rules"."cluster_radius_metres" is null)
        and coalesce(least("fraud_rules"."device_cluster_members", "fraud_rules"."location_cluster_members"), 2) >= 2
        and coalesce("fraud_rules"."cluster_window_hours", 1) between 1 and 720
        and coalesce("fraud_rules"."cluster_radius_metres", 1) between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"prize_id" bigint NOT NULL,
	"prize_label" text NOT NULL,
	"points" integer NOT NULL,
	"play_day" date NOT NULL,
	"slot" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_plays_points" CHECK ("game_plays"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_prize_spend" (
	"game_id" bigint PRIMARY KEY NOT NULL,
	"spent_points" integer NOT NULL,
	CONSTRAINT "game_prize_spend_points" CHECK ("game_prize_spend"."spent_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"points" integer NOT NULL,
	"probability" integer NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "game_prizes_points" CHECK ("game_prizes"."points" >= 0),
	CONSTRAINT "game_prizes_probability" CHECK ("game_prizes"."probability" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"plays_per_day" integer NOT NULL,
	"prize_budget_points" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"campaign_id" bigint,
	"created_by" integer,
	"archived_by" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_dates" CHECK ("games"."ends_on" >= "games"."starts_on"),
	CONSTRAINT "games_plays_per_day" CHECK ("games"."plays_per_day" between 1 and 100),
	CONSTRAINT "games_prize_budget" CHECK ("games"."prize_budget_points" is null or "games"."prize_budget_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_voucher_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"rows_applied" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"denomination_paise" integer NOT NULL,
	"code" text NOT NULL,
	"pin_cipher" text,
	"pin_length" smallint,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"status_reason" text,
	"redemption_id" bigint,
	"issued_at" timestamp with time zone,
	"upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_status_check" CHECK (status in ('available', 'issued', 'expired', 'void')),
	CONSTRAINT "gift_vouchers_denomination_check" CHECK (denomination_paise > 0),
	CONSTRAINT "gift_vouchers_issued_check" CHECK ((status = 'issued') = (redemption_id is not null and issued_at is not null))
);
--> statement-breakpoint
CREATE TABLE "voucher_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"redemption_id" bigint NOT NULL,
	"po_number" text NOT NULL,
	"provider" text NOT NULL,
	"brand" text NOT NULL,
	"denomination_paise" integer NOT NULL,
	"product_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_order_id" text,
	"charged_paise" integer,
	"error" text,
	"voucher_id" bigint,
	"retried_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_orders_status_check" CHECK (status in ('queued', 'sending', 'placed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"label" text NOT NULL,
	"prefix" text,
	"secret_hash" text,
	"scopes" text[] NOT NULL,
	"valid_days" integer NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone,
	"rotates_key_id" integer,
	"overlap_hours" integer,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_active_has_secret" CHECK ("api_keys"."status" <> 'active' or "api_keys"."secret_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "service_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributors_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_allocated_check" CHECK ("invoice_lines"."allocated" between 0 and "invoice_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "invoice_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_id" integer,
	"error_file_id" integer,
	"status" text NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_applied" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"distributor_id" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"aadhaar_last4" text NOT NULL,
	"aadhaar_front_file_id" integer NOT NULL,
	"aadhaar_back_file_id" integer NOT NULL,
	"pan_cipher" text NOT NULL,
	"pan_last4" text NOT NULL,
	"pan_file_id" integer NOT NULL,
	"pan_hash" text,
	"account_hash" text,
	"upi_hash" text,
	"account_holder" text NOT NULL,
	"account_cipher" text NOT NULL,
	"account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text NOT NULL,
	"cheque_file_id" integer NOT NULL,
	"upi_id" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason_code" text,
	"comment" text,
	"bank_check_status" text DEFAULT 'unverified' NOT NULL,
	"bank_check_id" text,
	"bank_check_name" text,
	"bank_check_score" integer,
	"bank_checked_at" timestamp with time zone,
	"bank_checked_by" integer,
	"upi_check_status" text DEFAULT 'unverified' NOT NULL,
	"upi_check_id" text,
	"upi_check_name" text,
	"upi_check_score" integer,
	"upi_checked_at" timestamp with time zone,
	"upi_checked_by" integer
);
--> statement-breakpoint
CREATE TABLE "points_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"ledger_entry_id" integer,
	CONSTRAINT "points_adjustments_amount_non_zero" CHECK ("points_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"balance_after" integer NOT NULL,
	"staff_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_amount_non_zero" CHECK ("points_ledger"."amount" <> 0),
	CONSTRAINT "points_ledger_balance_non_negative" CHECK ("points_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"response_status" integer,
	"response_body" text,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_otps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"requested_from" text,
	"to_member" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "member_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"type" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"dealer_id" integer,
	"bde_id" integer,
	"referral_code" text NOT NULL,
	"referred_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"kyc_status" text DEFAULT 'none' NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"tier" text,
	"tier_earned" integer DEFAULT 0 NOT NULL,
	"tier_pinned" boolean DEFAULT false NOT NULL,
	"held_points" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"whatsapp_opt_in_at" timestamp with time zone,
	"promotions_muted_at" timestamp with time zone,
	"scans_locked_until" timestamp with time zone,
	"terms_version" text,
	"terms_accepted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_code_unique" UNIQUE("code"),
	CONSTRAINT "members_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "members_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "members_balance_non_negative" CHECK ("members"."balance" >= 0),
	CONSTRAINT "members_held_points" CHECK ("members"."held_points" between 0 and "members"."balance")
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"template_key" text NOT NULL,
	"language" text NOT NULL,
	"variables" jsonb NOT NULL,
	"secret_variables" text,
	"recipient" text NOT NULL,
	"member_id" bigint,
	"cause_kind" text NOT NULL,
	"cause_id" text NOT NULL,
	"priority" smallint DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "member_messages_channel_ck" CHECK ("member_messages"."channel" in ('sms', 'whatsapp', 'push')),
	CONSTRAINT "member_messages_status_ck" CHECK ("member_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"dlt_template_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "message_templates_language_ck" CHECK ("message_templates"."language" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"latest" text NOT NULL,
	"minimum" text NOT NULL,
	"force" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" integer,
	"member_id" integer NOT NULL,
	"title" text,
	"body" text,
	"template_key" text,
	"cause_kind" text,
	"cause_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_audience_members" (
	"upload_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "notification_audience_members_upload_id_member_id_pk" PRIMARY KEY("upload_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "notification_audience_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_by" integer NOT NULL,
	"rows_total" integer NOT NULL,
	"members" integer NOT NULL,
	"error_report_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_file_id" integer,
	"link" text,
	"audience_kind" text NOT NULL,
	"audience_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_upload_id" integer,
	"audience_campaign_id" bigint,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_id" bigint,
	"expected" integer,
	"fanned_to" bigint DEFAULT 0 NOT NULL,
	"fan_last" bigint,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"file_downloaded_by" integer,
	"file_downloaded_at" timestamp with time zone,
	"file_sealed" text,
	"file_produced_at" timestamp with time zone,
	"file_copies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_batches_rail" CHECK ("payout_batches"."rail" in ('api', 'bank_file'))
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"redemption_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"mode" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_payout_id" text,
	"provider_status" text,
	"utr" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_lines_amount_positive" CHECK ("payout_lines"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payout_id" text,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_expiry_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"months" integer,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "points_expiry_policies_months" CHECK (("points_expiry_policies"."rule" = 'rolling_months') = ("points_expiry_policies"."months" is not null and "points_expiry_policies"."months" between 1 and 120))
);
--> statement-breakpoint
CREATE TABLE "points_lot_uses" (
	"entry_id" bigint NOT NULL,
	"lot_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "points_lot_uses_entry_id_lot_id_pk" PRIMARY KEY("entry_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_entry_id" bigint,
	"held_by" bigint,
	CONSTRAINT "points_lots_remaining" CHECK ("points_lots"."remaining" between 0 and "points_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "points_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scan_points_per_day" integer,
	"scan_points_per_month" integer,
	"redeem_min_balance" integer,
	"redeem_points_per_month" integer,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "points_limits_positive" CHECK (coalesce("points_limits"."scan_points_per_day", 1) > 0 and coalesce("points_limits"."scan_points_per_month", 1) > 0
        and coalesce("points_limits"."redeem_min_balance", 0) >= 0 and coalesce("points_limits"."redeem_points_per_month", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "joining_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_type" text NOT NULL,
	"points" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_scan_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_scan_settings_mode_check" CHECK ("pending_scan_settings"."mode" in ('hold', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "point_value_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"paise_per_point" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_points" integer NOT NULL,
	"referee_points" integer NOT NULL,
	"trigger" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_breach_members" (
	"breach_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "privacy_breach_members_breach_id_member_id_pk" PRIMARY KEY("breach_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_breaches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"occurred_from" timestamp with time zone NOT NULL,
	"occurred_to" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"data_kinds" jsonb NOT NULL,
	"states" jsonb NOT NULL,
	"measures" text NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_by" integer,
	"notified_at" timestamp with time zone,
	CONSTRAINT "privacy_breaches_window" CHECK ("privacy_breaches"."occurred_to" >= "privacy_breaches"."occurred_from")
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"notice_version" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_channel" text
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"details" text,
	"nominee_name" text,
	"nominee_mobile" text,
	"nominee_relation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "privacy_retention" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dormant_months" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "privacy_retention_months" CHECK ("privacy_retention"."dormant_months" between 12 and 120)
);
--> statement-breakpoint
CREATE TABLE "product_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"base_points" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "project_bonus_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"site_address" text NOT NULL,
	"pincode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"type" text NOT NULL,
	"stage" text NOT NULL,
	"expected_quantity" integer NOT NULL,
	"photo_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"bonus_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_state_check" CHECK ("projects"."state" in ('submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"redemption_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"staff_id" integer,
	"by_member" boolean DEFAULT false NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tds_threshold_paise" integer NOT NULL,
	"tds_rate_bp" integer NOT NULL,
	"tds_no_pan_rate_bp" integer NOT NULL,
	"min_cash_points" integer NOT NULL,
	"voucher_out_of_stock" text DEFAULT 'wait' NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_settings_voucher_out_of_stock" CHECK ("redemption_settings"."voucher_out_of_stock" in ('wait', 'refuse'))
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reward_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"points" integer NOT NULL,
	"paise_per_point" integer NOT NULL,
	"value_paise" bigint NOT NULL,
	"financial_year" text NOT NULL,
	"prior_fy_value_paise" bigint NOT NULL,
	"pan_on_file" boolean NOT NULL,
	"tds_rate_bp" integer NOT NULL,
	"tds_paise" bigint NOT NULL,
	"tds_borne_by" text NOT NULL,
	"net_paise" bigint NOT NULL,
	"payout" text,
	"payout_to" text,
	"kyc_id" integer,
	"ship_to" jsonb,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"decided_by" integer,
	"utr" text,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"courier_company" text,
	"awb" text,
	"dispatched_on" date,
	"delivered_on" date,
	"voucher_id" integer,
	"fulfilled_at" timestamp with time zone,
	"refund_entry_id" integer,
	"hold_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemptions_points_positive" CHECK ("redemptions"."points" > 0),
	CONSTRAINT "redemptions_tds_range" CHECK ("redemptions"."tds_paise" >= 0 and "redemptions"."tds_paise" <= "redemptions"."value_paise")
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"denomination_paise" integer,
	"points_cost" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"stock" integer,
	"image_file_id" integer,
	"eligible_types" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_points_positive" CHECK ("rewards"."points_cost" > 0),
	CONSTRAINT "rewards_stock_non_negative" CHECK ("rewards"."stock" is null or "rewards"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"requested_by" integer NOT NULL,
	"task_id" integer,
	"file_id" integer,
	"rows" integer,
	"size" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scan_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"points" integer NOT NULL,
	"rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"reversal_reason" text,
	"reversal_requested_by" integer,
	"reversal_requested_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reversal_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_holds_points" CHECK ("scan_holds"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "scheme_budget_shares" (
	"scheme_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"allotted" integer NOT NULL,
	"spent" integer NOT NULL,
	CONSTRAINT "scheme_budget_shares_scheme_id_shard_pk" PRIMARY KEY("scheme_id","shard"),
	CONSTRAINT "scheme_budget_shares_within" CHECK ("scheme_budget_shares"."spent" >= 0 and "scheme_budget_shares"."spent" <= "scheme_budget_shares"."allotted")
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"member_types" text[] DEFAULT '{}' NOT NULL,
	"states" text[] DEFAULT '{}' NOT NULL,
	"product_ids" bigint[] DEFAULT '{}' NOT NULL,
	"rule" text NOT NULL,
	"multiplier" numeric(6, 2),
	"bonus_points" integer,
	"slab_scans" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"activation_requested_by" integer,
	"activation_requested_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"cancel_reason" text,
	"budget_points" integer,
	"budget_allotted" integer DEFAULT 0 NOT NULL,
	"share_percent" numeric(5, 2),
	"campaign_id" bigint,
	"funded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schemes_budget_not_overspent" CHECK ("schemes"."budget_points" is null or "schemes"."budget_allotted" <= "schemes"."budget_points")
);
--> statement-breakpoint
CREATE TABLE "campaign_members" (
	"campaign_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"holdout" boolean NOT NULL,
	CONSTRAINT "campaign_members_campaign_id_member_id_pk" PRIMARY KEY("campaign_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"segment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint,
	"segment_name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"holdout_percent" smallint DEFAULT 0 NOT NULL,
	"members" integer NOT NULL,
	"holdout_members" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"mfa_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"pending_secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"staff_id" integer,
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"subject" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_subject_address_pk" PRIMARY KEY("subject","address")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"role_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "store_kind" NOT NULL,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"payload" jsonb NOT NULL,
	"result" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"instance_id" text,
	"heartbeat_at" timestamp with time zone,
	"interrupted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_tiers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"tier" text NOT NULL,
	"from_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"earned" integer,
	"policy_id" bigint,
	"override_id" bigint,
	"by" integer,
	CONSTRAINT "member_tiers_reason" CHECK ("member_tiers"."reason" in ('evaluated', 'override'))
);
--> statement-breakpoint
CREATE TABLE "tier_overrides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"tier" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
CREATE TABLE "tier_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"period_months" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "tier_policies_period" CHECK ("tier_policies"."period_months" between 1 and 36),
	CONSTRAINT "tier_policies_tiers" CHECK (jsonb_typeof("tier_policies"."tiers") = 'array' and jsonb_array_length("tier_policies"."tiers") >= 1)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"member_id" bigint,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"response_status" integer,
	"latency_ms" integer,
	"error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("webhook_deliveries"."status" in ('queued', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"type" text NOT NULL,
	"member_id" bigint,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"owner_id" integer,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_links" ADD CONSTRAINT "dealer_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_links" ADD CONSTRAINT "dealer_links_dealer_id_members_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_allocations" ADD CONSTRAINT "coupon_allocations_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_allocations" ADD CONSTRAINT "coupon_allocations_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_allocations" ADD CONSTRAINT "coupon_allocations_undone_by_staff_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_allocations" ADD CONSTRAINT "coupon_allocations_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_prints" ADD CONSTRAINT "coupon_prints_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."coupon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_prints" ADD CONSTRAINT "coupon_prints_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_prints" ADD CONSTRAINT "coupon_prints_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_prints" ADD CONSTRAINT "coupon_prints_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_report_items" ADD CONSTRAINT "damaged_report_items_report_id_damaged_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."damaged_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_reports" ADD CONSTRAINT "damaged_reports_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_reports" ADD CONSTRAINT "damaged_reports_reported_by_staff_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_reports" ADD CONSTRAINT "damaged_reports_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdes" ADD CONSTRAINT "bdes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_onboardings" ADD CONSTRAINT "field_onboardings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_onboardings" ADD CONSTRAINT "field_onboardings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_onboardings" ADD CONSTRAINT "field_onboardings_visit_id_field_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."field_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_sessions" ADD CONSTRAINT "field_sessions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_visits" ADD CONSTRAINT "field_visits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_prize_id_game_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."game_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_prize_spend" ADD CONSTRAINT "game_prize_spend_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_prizes" ADD CONSTRAINT "game_prizes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_uploads" ADD CONSTRAINT "gift_voucher_uploads_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_upload_id_gift_voucher_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."gift_voucher_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_orders" ADD CONSTRAINT "voucher_orders_retried_by_staff_id_fk" FOREIGN KEY ("retried_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_service_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."service_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_staff_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_uploads" ADD CONSTRAINT "invoice_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_uploads" ADD CONSTRAINT "invoice_uploads_error_file_id_files_id_fk" FOREIGN KEY ("error_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_uploads" ADD CONSTRAINT "invoice_uploads_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_upload_id_invoice_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."invoice_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjustments" ADD CONSTRAINT "points_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_dealer_id_members_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_referred_by_members_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_members" ADD CONSTRAINT "privacy_breach_members_breach_id_privacy_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."privacy_breaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_members" ADD CONSTRAINT "privacy_breach_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_points" ADD CONSTRAINT "product_points_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_events" ADD CONSTRAINT "redemption_events_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_budget_shares" ADD CONSTRAINT "scheme_budget_shares_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD CONSTRAINT "member_tiers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_overrides" ADD CONSTRAINT "tier_overrides_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_links_open_key" ON "dealer_links" USING btree ("member_id") WHERE "dealer_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "dealer_links_member_idx" ON "dealer_links" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "dealer_links_dealer_idx" ON "dealer_links" USING btree ("dealer_id","linked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_kind_version_key" ON "documents" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_one_published_key" ON "documents" USING btree ("kind") WHERE status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_member_key" ON "event_registrations" USING btree ("event_id","member_id");--> statement-breakpoint
CREATE INDEX "gallery_images_album_idx" ON "gallery_images" USING btree ("album_id","sort_order");--> statement-breakpoint
CREATE INDEX "coupon_allocations_line_idx" ON "coupon_allocations" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_scans_one_success" ON "coupon_scans" USING btree ("coupon_serial") WHERE "coupon_scans"."result" = 'success';--> statement-breakpoint
CREATE INDEX "coupon_scans_created_idx" ON "coupon_scans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_scans_member_idx" ON "coupon_scans" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_scans_device_idx" ON "coupon_scans" USING btree ("device_id","created_at") WHERE "coupon_scans"."device_id" is not null and "coupon_scans"."result" = 'success';--> statement-breakpoint
CREATE INDEX "coupon_scans_geo_cell_idx" ON "coupon_scans" USING btree ("geo_cell","created_at") WHERE "coupon_scans"."geo_cell" is not null and "coupon_scans"."result" = 'success';--> statement-breakpoint
CREATE INDEX "coupon_scans_result_idx" ON "coupon_scans" USING btree ("result","id") WHERE "coupon_scans"."result" <> 'success';--> statement-breakpoint
CREATE INDEX "coupons_allocation_idx" ON "coupons" USING btree ("allocation_id","serial","status","batch_id") WHERE "coupons"."allocation_id" is not null;--> statement-breakpoint
CREATE INDEX "coupons_in_stock_idx" ON "coupons" USING btree ("batch_id","serial") WHERE "coupons"."status" = 'printed';--> statement-breakpoint
CREATE INDEX "damaged_report_items_serial_idx" ON "damaged_report_items" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "employees_manager_idx" ON "employees" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "field_onboardings_employee_idx" ON "field_onboardings" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "field_onboardings_visit_idx" ON "field_onboardings" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "field_sessions_employee_idx" ON "field_sessions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "field_visits_check_in_idx" ON "field_visits" USING btree ("check_in_at","id");--> statement-breakpoint
CREATE INDEX "field_visits_employee_idx" ON "field_visits" USING btree ("employee_id","check_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "encryption_keys_one_current" ON "encryption_keys" USING btree ("state") WHERE state = 'current';--> statement-breakpoint
CREATE INDEX "feedback_member_idx" ON "feedback" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "feedback_state_idx" ON "feedback" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","id");--> statement-breakpoint
CREATE INDEX "fraud_rules_in_force_idx" ON "fraud_rules" USING btree ("status","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "game_plays_slot_key" ON "game_plays" USING btree ("game_id","member_id","play_day","slot");--> statement-breakpoint
CREATE INDEX "game_plays_member_idx" ON "game_plays" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "game_plays_game_idx" ON "game_plays" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "game_plays_played_idx" ON "game_plays" USING btree ("played_at","id");--> statement-breakpoint
CREATE INDEX "game_prizes_game_idx" ON "game_prizes" USING btree ("game_id","retired","position");--> statement-breakpoint
CREATE INDEX "games_open_idx" ON "games" USING btree ("status","starts_on","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_brand_code_key" ON "gift_vouchers" USING btree (lower("brand"),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_redemption_key" ON "gift_vouchers" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_take_idx" ON "gift_vouchers" USING btree (lower("brand"),"denomination_paise","expires_on","id") WHERE status = 'available';--> statement-breakpoint
CREATE INDEX "gift_vouchers_status_idx" ON "gift_vouchers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_created_idx" ON "gift_vouchers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_issued_idx" ON "gift_vouchers" USING btree ("issued_at","id") WHERE issued_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_orders_redemption_key" ON "voucher_orders" USING btree ("redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_orders_po_key" ON "voucher_orders" USING btree ("po_number");--> statement-breakpoint
CREATE INDEX "voucher_orders_status_idx" ON "voucher_orders" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_name_key" ON "service_accounts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_distributor_number_key" ON "invoices" USING btree ("distributor_id","number");--> statement-breakpoint
CREATE INDEX "kyc_status_idx" ON "kyc_submissions" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "kyc_member_idx" ON "kyc_submissions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "kyc_decided_idx" ON "kyc_submissions" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "kyc_pan_hash_idx" ON "kyc_submissions" USING btree ("pan_hash");--> statement-breakpoint
CREATE INDEX "kyc_account_hash_idx" ON "kyc_submissions" USING btree ("account_hash");--> statement-breakpoint
CREATE INDEX "kyc_upi_hash_idx" ON "kyc_submissions" USING btree ("upi_hash");--> statement-breakpoint
CREATE INDEX "points_adjustments_status_idx" ON "points_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "points_adjustments_member_idx" ON "points_adjustments" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_cause_key" ON "points_ledger" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "points_ledger_member_idx" ON "points_ledger" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_ledger_created_idx" ON "points_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "points_ledger_kind_idx" ON "points_ledger" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_scope_key" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "member_otps_mobile_idx" ON "member_otps" USING btree ("mobile","id");--> statement-breakpoint
CREATE INDEX "member_otps_sent_idx" ON "member_otps" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "members_status_idx" ON "members" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "members_updated_idx" ON "members" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "members_state_idx" ON "members" USING btree ("state","district");--> statement-breakpoint
CREATE INDEX "members_dealer_idx" ON "members" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "members_referred_by_idx" ON "members" USING btree ("referred_by");--> statement-breakpoint
CREATE UNIQUE INDEX "member_devices_token_uq" ON "member_devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "member_devices_member_idx" ON "member_devices" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_messages_cause_uq" ON "member_messages" USING btree ("cause_kind","cause_id","channel","template_key");--> statement-breakpoint
CREATE INDEX "member_messages_queue_idx" ON "member_messages" USING btree ("priority","next_attempt_at","id") WHERE "member_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "member_messages_sending_idx" ON "member_messages" USING btree ("claimed_at") WHERE "member_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "member_messages_provider_idx" ON "member_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_messages_created_idx" ON "member_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_uq" ON "message_templates" USING btree ("key","channel","language");--> statement-breakpoint
CREATE INDEX "app_versions_platform_idx" ON "app_versions" USING btree ("platform","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_notification_member_key" ON "inbox_messages" USING btree ("notification_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_cause_key" ON "inbox_messages" USING btree ("cause_kind","cause_id","template_key","member_id");--> statement-breakpoint
CREATE INDEX "inbox_messages_member_idx" ON "inbox_messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("member_id") WHERE "inbox_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("send_at") WHERE "notifications"."state" = 'scheduled' and "notifications"."task_id" is null;--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_redemption_key" ON "payout_lines" USING btree ("redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_idempotency_key" ON "payout_lines" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_provider_key" ON "payout_lines" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE INDEX "payout_lines_batch_idx" ON "payout_lines" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "payout_lines_updated_idx" ON "payout_lines" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "payout_lines_status_idx" ON "payout_lines" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "points_expiry_policies_in_force_idx" ON "points_expiry_policies" USING btree ("status","effective_from");--> statement-breakpoint
CREATE INDEX "points_lot_uses_lot_idx" ON "points_lot_uses" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "points_lots_open_idx" ON "points_lots" USING btree ("member_id","id") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_lots_due_idx" ON "points_lots" USING btree ("expires_at") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_limits_in_force_idx" ON "points_limits" USING btree ("status","effective_from");--> statement-breakpoint
CREATE INDEX "joining_settings_type_idx" ON "joining_settings" USING btree ("member_type","effective_from");--> statement-breakpoint
CREATE INDEX "pending_scan_settings_effective_idx" ON "pending_scan_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "point_value_settings_effective_idx" ON "point_value_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "referral_settings_effective_idx" ON "referral_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "privacy_consents_member_idx" ON "privacy_consents" USING btree ("member_id","purpose","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_status_idx" ON "privacy_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_member_idx" ON "privacy_requests" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_erase_idx" ON "privacy_requests" USING btree ("erase_after") WHERE "privacy_requests"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "privacy_retention_in_force_idx" ON "privacy_retention" USING btree ("status","effective_from");--> statement-breakpoint
CREATE INDEX "product_points_product_idx" ON "product_points" USING btree ("product_id","effective_from");--> statement-breakpoint
CREATE INDEX "project_bonus_settings_effective_idx" ON "project_bonus_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "projects_member_idx" ON "projects" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "projects_state_idx" ON "projects" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rate_limits_resets_at_idx" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "redemption_events_redemption_idx" ON "redemption_events" USING btree ("redemption_id","id");--> statement-breakpoint
CREATE INDEX "redemption_settings_effective_idx" ON "redemption_settings" USING btree ("effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_utr_key" ON "redemptions" USING btree ("utr");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_voucher_key" ON "redemptions" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "redemptions_status_idx" ON "redemptions" USING btree ("status","kind","id");--> statement-breakpoint
CREATE INDEX "redemptions_updated_idx" ON "redemptions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_kind_idx" ON "redemptions" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "redemptions_member_idx" ON "redemptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "redemptions_member_fy_idx" ON "redemptions" USING btree ("member_id","financial_year");--> statement-breakpoint
CREATE INDEX "redemptions_created_idx" ON "redemptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rewards_active_idx" ON "rewards" USING btree ("active","id");--> statement-breakpoint
CREATE INDEX "reports_requested_by_idx" ON "reports" USING btree ("requested_by","id");--> statement-breakpoint
CREATE INDEX "reports_expires_at_idx" ON "reports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_holds_scan_key" ON "scan_holds" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_holds_status_idx" ON "scan_holds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "scan_holds_member_idx" ON "scan_holds" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "schemes_status_idx" ON "schemes" USING btree ("status","starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "campaigns_segment_idx" ON "campaigns" USING btree ("segment_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_target_idx" ON "campaigns" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_name_key" ON "segments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sessions_staff_idx" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_staff_idx" ON "sign_in_challenges" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "sign_in_events_at_idx" ON "sign_in_events" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_key" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_role_idx" ON "staff" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "stores_geo_idx" ON "stores" USING gist (point("lng", "lat")) WHERE "stores"."active";--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "stores_state_idx" ON "stores" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "tasks_kind_idx" ON "tasks" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "member_tiers_member_idx" ON "member_tiers" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "tier_overrides_member_idx" ON "tier_overrides" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "tier_overrides_pending_idx" ON "tier_overrides" USING btree ("id") WHERE "tier_overrides"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tier_policies_in_force_idx" ON "tier_policies" USING btree ("status","effective_from");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_queue_idx" ON "webhook_deliveries" USING btree ("id") WHERE "webhook_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("subscription_id","member_id","id") WHERE "webhook_deliveries"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_sending_idx" ON "webhook_deliveries" USING btree ("claimed_at") WHERE "webhook_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_active_idx" ON "webhook_subscriptions" USING btree ("id") WHERE "webhook_subscriptions"."active";