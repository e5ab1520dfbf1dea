import {
  DAMAGE_REASONS,
  DAMAGED_MODES,
  DAMAGED_STATUSES,
  type DamagedRow,
} from '@app/contract/damaged-coupons';
import { eq, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { damagedReports } from '../../db/schema/damaged-coupons';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { custom, id, istDayRange, oneOf, parseSerial } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { arrayLiteral } from '../coupons';

const decider = alias(staff, 'decider');
const span = (fn: 'min' | 'max') =>
  sql<
    number | null
  >`(select ${sql.raw(fn)}(serial)::float8 from damaged_report_items where report_id = ${damagedReports.id})`;

const base = (tx: Executor, fields: Record<string, unknown>) =>
  tx
    .select(fields as Record<string, never>)
    .from(damagedReports)
    .leftJoin(staff, eq(staff.id, damagedReports.reportedBy))
    .leftJoin(decider, eq(decider.id, damagedReports.decidedBy))
    .$dynamic();

const columns = {
  id: damagedReports.id,
  mode: damagedReports.mode,
  reason: damagedReports.reason,
  note: damagedReports.note,
  photoFileId: damagedReports.photoFileId,
  quantity: damagedReports.quantity,
  fromSerial: span('min'),
  toSerial: span('max'),
  status: damagedReports.status,
  reportedBy: damagedReports.reportedBy,
  reportedByName: staff.name,
  decidedByName: decider.name,
  decidedAt: sql<string | null>`${isoText(damagedReports.decidedAt)}`,
  decisionNote: damagedReports.decisionNote,
  voided: damagedReports.voided,
  replaced: damagedReports.replaced,
  createdAt: isoText(damagedReports.createdAt),
};

/** Damaged Coupons: one row per report, and its export. */
export const damagedList = defineList<DamagedRow>({
  columns: {
    ...columns,
    id: { sql: damagedReports.id, label: 'Report', format: 'int', width: 8 },
    createdAt: { sql: columns.createdAt, label: 'Reported', format: 'datetime', width: 20 },
    mode: { sql: damagedReports.mode, label: 'Mode', width: 10 },
    reason: { sql: damagedReports.reason, label: 'Reason', width: 12 },
    quantity: { sql: damagedReports.quantity, label: 'Quantity', format: 'int', width: 10 },
    fromSerial: { sql: columns.fromSerial, label: 'From serial', format: 'int', width: 12 },
    toSerial: { sql: columns.toSerial, label: 'To serial', format: 'int', width: 12 },
    status: { sql: damagedReports.status, label: 'Status', width: 10 },
    reportedByName: { sql: staff.name, label: 'Reported by', width: 20 },
    decidedByName: { sql: decider.name, label: 'Decided by', width: 20 },
    decidedAt: { sql: columns.decidedAt, label: 'Decided', format: 'datetime', width: 20 },
    decisionNote: { sql: damagedReports.decisionNote, label: 'Decision note', width: 24 },
    note: { sql: damagedReports.note, label: 'Note', width: 24 },
  },
  from: (db, fields) => base(db, fields),
  filters: {
    status: oneOf(damagedReports.status, DAMAGED_STATUSES),
    reason: oneOf(damagedReports.reason, DAMAGE_REASONS),
    mode: oneOf(damagedReports.mode, DAMAGED_MODES),
    reportedBy: id(damagedReports.reportedBy),
    serial: custom(
      (v, key) =>
        sql`exists (select 1 from damaged_report_items i where i.report_id = ${damagedReports.id} and i.serial = ${parseSerial(v, key)})`,
    ),
    ...istDayRange(damagedReports.createdAt),
  },
  sort: { id: damagedReports.id, createdAt: damagedReports.createdAt },
  defaultSort: 'id',
  id: damagedReports.id,
});

export async function findReport(tx: Executor, id: number): Promise<DamagedRow | undefined> {
  const [row] = (await base(tx, columns).where(eq(damagedReports.id, id))) as unknown as DamagedRow[];
  return row;
}

export async function insertReport(
  tx: Executor,
  values: typeof damagedReports.$inferInsert,
  serials: number[],
) {
  const [row] = await tx.insert(damagedReports).values(values).returning({ id: damagedReports.id });
  await tx.execute(sql`
    insert into damaged_report_items (report_id, serial)
    select ${row!.id}, s from unnest(${arrayLiteral(serials)}::bigint[]) s`);
  return row!.id;
}

/** The report's decision state, locked until the deciding transaction ends. */
export async function lockReport(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: damagedReports.id, status: damagedReports.status, reportedBy: damagedReports.reportedBy })
    .from(damagedReports)
    .where(eq(damagedReports.id, id))
    .for('update');
  return row;
}

export async function setReport(tx: Executor, id: number, values: PgUpdateSetSource<typeof damagedReports>) {
  await tx.update(damagedReports).set(values).where(eq(damagedReports.id, id));
}

/** Serials of these codes (codes not found are absent from the map). */
export async function serialsOfCodes(tx: Executor, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const result = await tx.execute(
    sql`select code, serial::float8 as serial from coupons where code = any(${arrayLiteral(codes)}::text[])`,
  );
  return new Map(result.rows.map((r) => [String(r.code), Number(r.serial)]));
}

/** Serials that cannot be reported: unknown, already scanned or damaged, or in another pending report. */
export async function unreportable(tx: Executor, serials: number[]): Promise<Map<number, string>> {
  const result = await tx.execute(sql`
    select s::float8 as serial, c.status::text as status,
      (select i.report_id from damaged_report_items i join damaged_reports r on r.id = i.report_id
       where i.serial = s and r.status = 'pending' limit 1) as pending
    from unnest(${arrayLiteral(serials)}::bigint[]) s left join coupons c on c.serial = s
    order by s`);
  const out = new Map<number, string>();
  for (const r of result.rows) {
    const why =
      r.status == null
        ? 'does not exist'
        : r.status === 'scanned' || r.status === 'damaged'
          ? `already ${r.status}`
          : r.pending != null
            ? `already in pending report #${r.pending}`
            : null;
    if (why) out.set(Number(r.serial), why);
  }
  return out;
}
