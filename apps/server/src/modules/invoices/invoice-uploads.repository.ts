import type { InvoiceUploadRow } from '@app/contract/invoices';
import { UPLOAD_STATUSES } from '@app/contract/uploads';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { distributors, invoiceLines, invoices, invoiceUploads } from '../../db/schema/invoices';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import type { UploadPlan } from './invoice-upload.plan';

const uploadColumns = {
  id: invoiceUploads.id,
  fileName: invoiceUploads.fileName,
  status: sql<InvoiceUploadRow['status']>`${invoiceUploads.status}`,
  rowsTotal: invoiceUploads.rowsTotal,
  rowsApplied: invoiceUploads.rowsApplied,
  rowsFailed: invoiceUploads.rowsFailed,
  invoicesCreated: invoiceUploads.invoicesCreated,
  errors: sql<InvoiceUploadRow['errors']>`${invoiceUploads.errors}`,
  hasErrorReport: sql<boolean>`${invoiceUploads.errorFileId} is not null`,
  hasOriginal: sql<boolean>`${invoiceUploads.fileId} is not null`,
  createdByName: staff.name,
  createdAt: isoText(invoiceUploads.createdAt),
};

const select = (tx: Executor, fields: Record<string, unknown> = uploadColumns) =>
  tx
    .select(fields as typeof uploadColumns)
    .from(invoiceUploads)
    .leftJoin(staff, eq(staff.id, invoiceUploads.createdBy))
    .$dynamic();

/** Upload Invoice History and its export. */
export const uploadList = defineList<InvoiceUploadRow>({
  columns: {
    ...uploadColumns,
    id: { sql: invoiceUploads.id, label: 'Upload', format: 'int', width: 8 },
    fileName: { sql: invoiceUploads.fileName, label: 'File', width: 28 },
    status: { sql: uploadColumns.status, label: 'Status', width: 12 },
    rowsTotal: { sql: invoiceUploads.rowsTotal, label: 'Rows', format: 'int', width: 8 },
    rowsApplied: { sql: invoiceUploads.rowsApplied, label: 'Applied', format: 'int', width: 8 },
    rowsFailed: { sql: invoiceUploads.rowsFailed, label: 'Failed', format: 'int', width: 8 },
    invoicesCreated: {
      sql: invoiceUploads.invoicesCreated,
      label: 'Invoices created',
      format: 'int',
      width: 10,
    },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
    createdAt: { sql: uploadColumns.createdAt, label: 'Uploaded', format: 'datetime', width: 20 },
  },
  from: (db, fields) => select(db, fields),
  filters: {
    q: text(invoiceUploads.fileName),
    status: oneOf(invoiceUploads.status, UPLOAD_STATUSES),
    createdBy: id(invoiceUploads.createdBy),
    ...istDayRange(invoiceUploads.createdAt),
  },
  sort: { id: invoiceUploads.id, createdAt: invoiceUploads.createdAt },
  defaultSort: 'id',
  id: invoiceUploads.id,
});

export async function findUpload(tx: Executor, id: number): Promise<InvoiceUploadRow | undefined> {
  const [row] = await select(tx).where(eq(invoiceUploads.id, id));
  return row;
}

export async function uploadFiles(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      fileId: invoiceUploads.fileId,
      errorFileId: invoiceUploads.errorFileId,
      status: invoiceUploads.status,
    })
    .from(invoiceUploads)
    .where(eq(invoiceUploads.id, id));
  return row;
}

export async function insertUpload(tx: Executor, values: typeof invoiceUploads.$inferInsert) {
  const [row] = await tx.insert(invoiceUploads).values(values).returning({ id: invoiceUploads.id });
  return row!.id;
}

/** Moves an upload out of has_errors exactly once; false when someone else already did. */
export async function claimUpload(
  tx: Executor,
  id: number,
  values: PgUpdateSetSource<typeof invoiceUploads>,
) {
  const rows = await tx
    .update(invoiceUploads)
    .set(values)
    .where(sql`${invoiceUploads.id} = ${id} and ${invoiceUploads.status} = 'has_errors'`)
    .returning({ id: invoiceUploads.id });
  return rows.length === 1;
}

const CHUNK = 1000;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Creates the plan's distributors, invoices and lines in bulk; returns the invoice ids in the plan's
 * order. `uploadId` is null for invoices pushed through the integration API.
 */
export async function applyPlan(
  tx: Executor,
  plan: UploadPlan,
  uploadId: number | null,
  createdBy: number | null,
) {
  for (const part of chunks(plan.newDistributors)) await tx.insert(distributors).values(part);
  const codes = [...new Set(plan.invoices.map((i) => i.distributorCode))];
  const idOf = new Map<string, number>();
  for (const part of chunks(codes)) {
    const rows = await tx
      .select({ id: distributors.id, code: distributors.code })
      .from(distributors)
      .where(sql`${distributors.code} in ${part}`);
    for (const r of rows) idOf.set(r.code, r.id);
  }
  const ids: number[] = [];
  for (const part of chunks(plan.invoices)) {
    const created = await tx
      .insert(invoices)
      .values(
        part.map((i) => ({
          distributorId: idOf.get(i.distributorCode)!,
          number: i.number,
          invoiceDate: i.invoiceDate,
          uploadId,
          createdBy,
        })),
      )
      .returning({ id: invoices.id, distributorId: invoices.distributorId, number: invoices.number });
    const idByKey = new Map(created.map((c) => [`${c.distributorId}\u0000${c.number}`, c.id]));
    const partIds = part.map((inv) => idByKey.get(`${idOf.get(inv.distributorCode)}\u0000${inv.number}`)!);
    const lines = part.flatMap((inv, i) => inv.lines.map((l) => ({ ...l, invoiceId: partIds[i]! })));
    for (const lp of chunks(lines)) await tx.insert(invoiceLines).values(lp);
    ids.push(...partIds);
  }
  return ids;
}
