import { REPORT_RETENTION_DAYS } from '@app/contract/reports';
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reports } from '../../db/schema/reports';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import type { ListDeclaration } from '../../lib/lists/define';
import { equals, id } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

export interface NewReport {
  type: string;
  startDate: string;
  endDate: string;
  requestedBy: number;
}

export async function insertReport(tx: Executor, report: NewReport): Promise<number> {
  const [row] = await tx
    .insert(reports)
    .values({ ...report, expiresAt: sql`now() + make_interval(days => ${REPORT_RETENTION_DAYS})` })
    .returning({ id: reports.id });
  return row!.id;
}

export async function linkTask(tx: Executor, id: number, taskId: number): Promise<void> {
  await tx.update(reports).set({ taskId }).where(eq(reports.id, id));
}

export async function findReport(db: Executor, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function markRunning(db: Executor, id: number): Promise<void> {
  await db.update(reports).set({ status: 'running' }).where(eq(reports.id, id));
}

export async function markDone(
  db: Executor,
  id: number,
  result: { fileId: number; rows: number; size: number },
) {
  await db
    .update(reports)
    .set({ ...result, status: 'done' })
    .where(eq(reports.id, id));
}

export interface GeneratedRow {
  id: number;
  type: string;
  startDate: string;
  endDate: string;
  requestedBy: number;
  requestedByName: string | null;
  status: string;
  done: number;
  total: number | null;
  rows: number | null;
  size: number | null;
  createdAt: string;
  expiresAt: string;
}

/** The generated-reports list (the service adds labels and scopes it to the caller). */
export const generatedListDeclaration: ListDeclaration<GeneratedRow> = {
  columns: {
    id: reports.id,
    type: reports.type,
    startDate: { sql: sql<string>`${reports.startDate}::text`, label: 'From', format: 'date', width: 12 },
    endDate: { sql: sql<string>`${reports.endDate}::text`, label: 'To', format: 'date', width: 12 },
    requestedBy: reports.requestedBy,
    requestedByName: { sql: staff.name, label: 'Requested by', width: 20 },
    // The task knows queued/running/failed (it retries); the report row knows when its file is in.
    status: {
      sql: sql<string>`case when ${reports.status} = 'done' then 'done' else coalesce(${tasks.status}, ${reports.status}) end`,
      label: 'Status',
      width: 10,
    },
    done: sql<number>`coalesce(${tasks.done}, 0)`,
    total: tasks.total,
    rows: { sql: reports.rows, label: 'Rows', format: 'int', width: 10 },
    size: reports.size,
    createdAt: { sql: isoText(reports.createdAt), label: 'Requested', format: 'datetime', width: 20 },
    expiresAt: { sql: isoText(reports.expiresAt), label: 'Expires', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(reports)
      .leftJoin(staff, eq(staff.id, reports.requestedBy))
      .leftJoin(tasks, eq(tasks.id, reports.taskId))
      .$dynamic(),
  filters: { type: equals(reports.type), requestedBy: id(reports.requestedBy) },
  sort: { id: reports.id },
  defaultSort: 'id',
  id: reports.id,
};

/** Unexpired reports, of one requester when given. */
export const liveReports = (requestedBy?: number) =>
  and(
    gt(reports.expiresAt, sql`now()`),
    requestedBy === undefined ? undefined : eq(reports.requestedBy, requestedBy),
  );

/** A finished, unexpired report with its file. */
export async function findDownloadable(db: Executor, id: number) {
  const [row] = await db
    .select({ id: reports.id, type: reports.type, requestedBy: reports.requestedBy, fileId: reports.fileId })
    .from(reports)
    .where(
      and(
        eq(reports.id, id),
        eq(reports.status, 'done'),
        isNotNull(reports.fileId),
        gt(reports.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Deletes expired report rows and returns their file ids, for the caller to remove. */
export async function deleteExpired(db: Executor): Promise<number[]> {
  const gone = await db
    .delete(reports)
    .where(lte(reports.expiresAt, sql`now()`))
    .returning({ fileId: reports.fileId });
  return gone.flatMap((r) => (r.fileId === null ? [] : [r.fileId]));
}
