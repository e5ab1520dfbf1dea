import type { ListQuery } from '@app/contract/list';
import { REPORT_RETENTION_DAYS } from '@app/contract/reports';
import { and, count, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { reports } from '../../db/schema/reports';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import { type ListSpec, runList } from '../../lib/list';

const isoText = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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

/** Filters of the generated-reports list; `requestedBy` and `live` are also forced by the service. */
const generatedListSpec: ListSpec = {
  sortable: { id: reports.id },
  defaultSort: 'id',
  id: reports.id,
  filters: {
    type: (v) => eq(reports.type, String(v)),
    requestedBy: (v) => eq(reports.requestedBy, Number(v)),
    live: () => gt(reports.expiresAt, sql`now()`),
  },
};

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

export function listGenerated(db: Executor, query: ListQuery) {
  return runList<GeneratedRow>(generatedListSpec, query, {
    select: (cursor) =>
      db
        .select({
          id: reports.id,
          type: reports.type,
          startDate: sql<string>`${reports.startDate}::text`,
          endDate: sql<string>`${reports.endDate}::text`,
          requestedBy: reports.requestedBy,
          requestedByName: staff.name,
          // The task knows queued/running/failed (it retries); the report row knows when its file is in.
          status: sql<string>`case when ${reports.status} = 'done' then 'done'
            else coalesce(${tasks.status}, ${reports.status}) end`,
          done: sql<number>`coalesce(${tasks.done}, 0)`,
          total: tasks.total,
          rows: reports.rows,
          size: reports.size,
          createdAt: isoText(reports.createdAt),
          expiresAt: isoText(reports.expiresAt),
          ...cursor,
        })
        .from(reports)
        .leftJoin(staff, eq(staff.id, reports.requestedBy))
        .leftJoin(tasks, eq(tasks.id, reports.taskId))
        .$dynamic(),
    count: () => db.select({ n: count() }).from(reports).$dynamic(),
  });
}

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
