import type { ListQuery } from '@app/contract/list';
import type { SchemeEvent, SchemeRow } from '@app/contract/schemes';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { schemes } from '../../db/schema/schemes';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { containsPattern, isoText } from '../../lib/list-filters';
import { effectiveStatus } from './scheme-lapse';

const staffName = (column: PgColumn) =>
  sql<string | null>`(select s.name from staff s where s.id = ${column})`;
const optionalIso = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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

const spec: ListSpec = {
  sortable: { id: schemes.id, name: schemes.name, startsOn: schemes.startsOn, endsOn: schemes.endsOn },
  defaultSort: 'id',
  id: schemes.id,
  filters: {
    q: (v) => ilike(schemes.name, containsPattern(v)),
    status: (v) => sql`${effectiveStatus} = ${String(v)}`,
    rule: (v) => eq(schemes.rule, String(v)),
  },
};

export const listSchemes = (tx: Executor, query: ListQuery) =>
  runList<SchemeRow>(spec, query, {
    select: (cursor) =>
      tx
        .select({ ...columns, ...cursor })
        .from(schemes)
        .$dynamic(),
    count: () => tx.select({ n: count() }).from(schemes).$dynamic(),
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
