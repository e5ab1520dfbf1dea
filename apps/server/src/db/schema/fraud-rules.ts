import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fraud rules, effective-dated: a new approved row supersedes the previous one from
 * its `effective_from`, so the table is the history. Each rule is optional (null = off) and has an
 * action: `flag` (recorded and shown), `hold` or `refuse`. They decide whether value moves, so a change
 * is maker-checker: requested (`pending`), then approved or rejected by someone else, audited.
 * The scan reads them inside `scan_coupon` (db/custom/points_and_scans.sql `fraud_rules_in_force`);
 * the KYC approval reads them in its transaction (modules/fraud-rules `checkKycDuplicates`).
 */
export const fraudRules = pgTable(
  'fraud_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Successful scans a member may make in one hour (rolling); the next one gets the action. */
    scansPerHour: integer('scans_per_hour'),
    /** flag | hold | refuse, with scansPerHour (hold: credited, held for review). */
    scansPerHourAction: text('scans_per_hour_action'),
    /** The same PAN on another approved member, at KYC approval: flag | hold | refuse; null = off. */
    samePanAction: text('same_pan_action'),
    /** The same bank account on another approved member, at KYC approval: flag | hold | refuse. */
    sameBankAction: text('same_bank_action'),
    /** The same UPI id on another approved member, at KYC approval: flag | hold | refuse. */
    sameUpiAction: text('same_upi_action'),
    /** A scan whose coordinates lie outside its coupon's distributor's state: flag | refuse; null = flag. */
    outsideStateAction: text('outside_state_action'),
    /** Invalid codes one member may scan within the window before scanning locks; the three go together. */
    invalidCodeAttempts: integer('invalid_code_attempts'),
    invalidCodeWindowMinutes: integer('invalid_code_window_minutes'),
    invalidCodeLockMinutes: integer('invalid_code_lock_minutes'),
    /**
     * The cluster rule (one device or one place across many members): this many distinct members
     * credited from one device id within clusterWindowHours get clusterAction; null = off.
     */
    deviceClusterMembers: integer('device_cluster_members'),
    /** This many distinct members credited within clusterRadiusMetres of one another within the window; null = off. */
    locationClusterMembers: integer('location_cluster_members'),
    /** The location cluster's radius, metres (at most 1,000: the look-up covers the grid cells around the scan). */
    clusterRadiusMetres: integer('cluster_radius_metres'),
    /** The cluster rules' window, hours (rolling). */
    clusterWindowHours: integer('cluster_window_hours'),
    /** flag | hold | refuse, for both cluster rules. */
    clusterAction: text('cluster_action'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    note: text('note'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('fraud_rules_in_force_idx').on(t.status, t.effectiveFrom),
    check(
      'fraud_rules_scans_per_hour',
      sql`(${t.scansPerHour} is null) = (${t.scansPerHourAction} is null) and coalesce(${t.scansPerHour}, 1) > 0`,
    ),
    check(
      'fraud_rules_invalid_codes',
      sql`(${t.invalidCodeAttempts} is null) = (${t.invalidCodeWindowMinutes} is null)
        and (${t.invalidCodeAttempts} is null) = (${t.invalidCodeLockMinutes} is null)
        and coalesce(least(${t.invalidCodeAttempts}, ${t.invalidCodeWindowMinutes}, ${t.invalidCodeLockMinutes}), 1) > 0`,
    ),
    check(
      'fraud_rules_cluster',
      sql`((${t.deviceClusterMembers} is null and ${t.locationClusterMembers} is null)
          = (${t.clusterWindowHours} is null))
        and (${t.clusterWindowHours} is null) = (${t.clusterAction} is null)
        and (${t.locationClusterMembers} is null) = (${t.clusterRadiusMetres} is null)
        and coalesce(least(${t.deviceClusterMembers}, ${t.locationClusterMembers}), 2) >= 2
        and coalesce(${t.clusterWindowHours}, 1) between 1 and 720
        and coalesce(${t.clusterRadiusMetres}, 1) between 1 and 1000`,
    ),
  ],
);
