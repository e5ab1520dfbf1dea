import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * Employees (Employee Management). `manager_id` is the reporting line; a loop is refused by the
 * service under a transaction lock (employees.service `setManager`), not by a constraint.
 */
export const employees = pgTable(
  'employees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Upper-case code that imports and reports refer to. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull().unique(),
    email: text('email'),
    designation: text('designation').notNull(),
    department: text('department').notNull(),
    /** State or zone the employee works in. */
    zone: text('zone').notNull(),
    managerId: integer('manager_id').references((): AnyPgColumn => employees.id),
    /** active | inactive */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('employees_not_own_manager', sql`${t.managerId} is distinct from ${t.id}`),
    check('employees_status', sql`${t.status} in ('active', 'inactive')`),
    index('employees_manager_idx').on(t.managerId),
    index('employees_name_idx').on(t.name, t.id),
  ],
);

/** BDEs: employees with field-app access (BDE Management). One row per employee at most. */
export const bdes = pgTable('bdes', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id),
  states: text('states').array().notNull().default(sql`'{}'::text[]`),
  districts: text('districts').array().notNull().default(sql`'{}'::text[]`),
  pincodes: text('pincodes').array().notNull().default(sql`'{}'::text[]`),
  monthlyTarget: integer('monthly_target').notNull().default(0),
  /** argon2id hash of the field-app password (lib/passwords). */
  passwordHash: text('password_hash').notNull(),
  passwordSetAt: timestamp('password_set_at', { withTimezone: true }).notNull().defaultNow(),
  /** Field-app access: an inactive BDE cannot sign in. */
  active: boolean('active').notNull().default(true),
  /** Wrong field-app passwords from any address, and the account-wide hold they set (lib/sign-in-throttle, as staff). */
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Field-app sessions: their own table, so a field token opens neither staff nor member routes. */
export const fieldSessions = pgTable(
  'field_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('field_sessions_employee_idx').on(t.employeeId)],
);

/** Visits logged from the field app (BDA Activity): a check-in, later a check-out. */
export const fieldVisits = pgTable(
  'field_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** dealer_visit | carpenter_meet | site_visit */
    type: text('type').notNull(),
    party: text('party').notNull(),
    placeState: text('place_state'),
    placeDistrict: text('place_district'),
    placePincode: text('place_pincode'),
    checkInAt: timestamp('check_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkInLat: doublePrecision('check_in_lat').notNull(),
    checkInLng: doublePrecision('check_in_lng').notNull(),
    checkInAccuracy: doublePrecision('check_in_accuracy'),
    note: text('note'),
    photoIds: integer('photo_ids').array().notNull().default(sql`'{}'::integer[]`),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    checkOutLat: doublePrecision('check_out_lat'),
    checkOutLng: doublePrecision('check_out_lng'),
    checkOutAccuracy: doublePrecision('check_out_accuracy'),
    checkOutNotes: text('check_out_notes'),
    distanceMetres: integer('distance_metres'),
    /** Why the visit is flagged (far check-out, outside the territory); empty when it is not. */
    flagReasons: text('flag_reasons').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('field_visits_type', sql`${t.type} in ('dealer_visit', 'carpenter_meet', 'site_visit')`),
    index('field_visits_check_in_idx').on(t.checkInAt, t.id),
    index('field_visits_employee_idx').on(t.employeeId, t.checkInAt),
  ],
);

/** Members onboarded through the field API: counted against the BDE's monthly target. */
export const fieldOnboardings = pgTable(
  'field_onboardings',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    visitId: integer('visit_id').references(() => fieldVisits.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('field_onboardings_employee_idx').on(t.employeeId, t.createdAt),
    index('field_onboardings_visit_idx').on(t.visitId),
  ],
);
