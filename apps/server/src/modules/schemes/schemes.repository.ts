import { SCHEME_RULES, SCHEME_STATUSES, type SchemeEvent, type SchemeRow } from '@app/contract/schemes';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { schemes } from '../../db/schema/schemes';
import { staff } from '../../db/schema/staff';
import { defineList, type Expr } from '../../lib/lists/define';
import { bool, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { effectiveStatus } from './scheme-lapse';

/**
 * The most the schemes in force today add to one scan of a SKU worth `points`, for the members they
 * apply to (database function `scheme_points_per_scan`, over the same `schemes_in_force` the scan pays
 * from): the highest multiplier, every fixed bonus, each slab bonus as its share of one scan.
 */
export const schemePointsPerScan = (product: SQL | PgColumn, points: SQL) =>
  sql<number>`scheme_points_per_scan(${product}, ${points})::float8`.mapWith(Number);

const staffName = (column: PgColumn) =>
  sql<string | null>`(select s.name from staff s where s.id = ${column})`;
const optionalIso = (column: PgColumn) => isoText(column) as SQL<string | null>;

const columns = {
  id: schemes.id,
  name: schemes.name,
  startsOn: sql<string>`${schemes.startsOn}::text`,
  endsOn: sql<string>`${schemes.endsOn}::text`,
  memberTypes: schemes.memberTypes,
  states: schemes.states,
  productIds: sql<number[]>`${schemes.productIds}::int[]`,
  rule: schemes.rule,
  multiplier: sql<number | null>`${schemes.multiplier}::float8`,
  bonusPoints: schemes.bonusPoints,
  slabScans: schemes.slabScans,
  sharePercent: sql<number | null>`${schemes.sharePercent}::float8`,
  campaignId: schemes.campaignId,
  segmentName: sql<
    string | null
  >`(select c.segment_name from campaigns c where c.id = ${schemes.campaignId})`,
  budgetPoints: schemes.budgetPoints,
  // Spent in shares (db/schema/schemes.ts): added up here, the one place it is read.
  budgetSpent: sql<number>`scheme_budget_spent(${schemes.id})`,
  fundedBy: sql<SchemeRow['fundedBy']>`${schemes.fundedBy}`,
  status: effectiveStatus,
  createdBy: schemes.createdBy,
  createdByName: staffName(schemes.createdBy),
  activationRequestedBy: schemes.activationRequestedBy,
  activationRequestedByName: staffName(schemes.activationRequestedBy),
  approvedBy: schemes.approvedBy,
  approvedByName: staffName(schemes.approvedBy),
  approvedAt: optionalIso(schemes.approvedAt),
  createdAt: isoText(schemes.createdAt),
  updatedAt: isoText(schemes.updatedAt),
};

/** Schemes and their export. */
export const schemeList = defineList<SchemeRow>({
  columns: {
    ...(columns as unknown as Record<keyof SchemeRow, Expr>),
    id: { sql: schemes.id, label: 'Scheme', format: 'int', width: 8 },
    name: { sql: schemes.name, label: 'Name', width: 28 },
    startsOn: { sql: columns.startsOn, label: 'Starts', format: 'date', width: 12 },
    endsOn: { sql: columns.endsOn, label: 'Ends', format: 'date', width: 12 },
    memberTypes: { sql: schemes.memberTypes, label: 'Member types', format: 'list', width: 24 },
    states: { sql: schemes.states, label: 'States', format: 'list', width: 24 },
    rule: { sql: schemes.rule, label: 'Rule', width: 14 },
    multiplier: { sql: columns.multiplier, label: 'Multiplier', width: 10 },
    bonusPoints: { sql: schemes.bonusPoints, label: 'Bonus points', format: 'int', width: 10 },
    sharePercent: { sql: columns.sharePercent, label: 'Dealer share (%)', width: 10 },
    segmentName: { sql: columns.segmentName, label: 'Segment', width: 20 },
    budgetPoints: { sql: schemes.budgetPoints, label: 'Budget (points)', format: 'int', width: 12 },
    budgetSpent: { sql: columns.budgetSpent, label: 'Budget spent', format: 'int', width: 12 },
    fundedBy: { sql: columns.fundedBy, label: 'Funded by', width: 14 },
    status: { sql: effectiveStatus, label: 'Status', width: 10 },
    createdByName: { sql: columns.createdByName, label: 'Created by', width: 20 },
    approvedByName: { sql: columns.approvedByName, label: 'Approved by', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(schemes).$dynamic(),
  filters: {
    q: text(schemes.name),
    status: oneOf(effectiveStatus, SCHEME_STATUSES),
    rule: oneOf(schemes.rule, SCHEME_RULES),
    /** Drafts whose activation was requested: the approver's queue. */
    awaitingApproval: bool((yes) =>
      yes
        ? sql`${schemes.status} = 'draft' and ${schemes.activationRequestedBy} is not null`
        : sql`not (${schemes.status} = 'draft' and ${schemes.activationRequestedBy} is not null)`,
    ),
  },
  sort: { id: schemes.id, name: schemes.name, startsOn: schemes.startsOn, endsOn: schemes.endsOn },
  defaultSort: 'id',
  id: schemes.id,
});

export async function findScheme(tx: Executor, id: number): Promise<SchemeRow | undefined> {
  const [row] = await tx.select(columns).from(schemes).where(eq(schemes.id, id));
  return row as SchemeRow | undefined;
}

export async function lockScheme(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: schemes.id,
      status: schemes.status,
      createdBy: schemes.createdBy,
      activationRequestedBy: schemes.activationRequestedBy,
      endsOn: sql<string>`${schemes.endsOn}::text`,
    })
    .from(schemes)
    .where(eq(schemes.id, id))
    .for('update');
  return row;
}

export async function insertScheme(tx: Executor, values: typeof schemes.$inferInsert): Promise<number> {
  const [row] = await tx.insert(schemes).values(values).returning({ id: schemes.id });
  return row!.id;
}

export async function updateScheme(tx: Executor, id: number, values: Partial<typeof schemes.$inferInsert>) {
  await tx
    .update(schemes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(schemes.id, id));
}

/** The scheme's audit entries, oldest first: its history. */
export async function schemeEvents(tx: Executor, id: number): Promise<SchemeEvent[]> {
  return tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: staff.name,
      at: isoText(auditLog.at),
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, 'scheme'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}
