import type { InvoiceLineRow, InvoiceRow } from '@app/contract/invoices';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { dayRange, equals, id, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const columns = {
  id: invoices.id,
  number: invoices.number,
  invoiceDate: invoices.invoiceDate,
  distributorId: invoices.distributorId,
  distributorCode: distributors.code,
  distributorName: distributors.name,
  state: distributors.state,
  city: distributors.city,
  lines: sql<number>`(select count(*)::int from invoice_lines where invoice_id = ${invoices.id})`,
  quantity: sql<number>`(select coalesce(sum(quantity), 0)::int from invoice_lines where invoice_id = ${invoices.id})`,
  allocated: sql<number>`(select coalesce(sum(allocated), 0)::int from invoice_lines where invoice_id = ${invoices.id})`,
  uploadId: invoices.uploadId,
  createdByName: staff.name,
  createdAt: isoText(invoices.createdAt),
};

const select = (tx: Executor, fields: Record<string, unknown> = columns) =>
  tx
    .select(fields as typeof columns)
    .from(invoices)
    .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
    .leftJoin(staff, eq(staff.id, invoices.createdBy))
    .$dynamic();

/** The Invoice page's list, Invoice Wise's picker and their export. */
export const invoiceList = defineList<InvoiceRow>({
  columns: {
    ...columns,
    number: { sql: invoices.number, label: 'Invoice', width: 16 },
    invoiceDate: { sql: invoices.invoiceDate, label: 'Invoice date', format: 'date', width: 12 },
    distributorCode: { sql: distributors.code, label: 'Distributor code', width: 14 },
    distributorName: { sql: distributors.name, label: 'Distributor', width: 24 },
    state: { sql: distributors.state, label: 'State', width: 14 },
    city: { sql: distributors.city, label: 'City', width: 14 },
    lines: { sql: columns.lines, label: 'Lines', format: 'int', width: 8 },
    quantity: { sql: columns.quantity, label: 'Quantity', format: 'int', width: 10 },
    allocated: { sql: columns.allocated, label: 'Allocated', format: 'int', width: 10 },
    uploadId: { sql: invoices.uploadId, label: 'Upload', format: 'int', width: 8 },
    createdByName: { sql: staff.name, label: 'By', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Recorded', format: 'datetime', width: 20 },
  },
  from: (db, fields) => select(db, fields),
  filters: {
    q: text(invoices.number, distributors.name, distributors.code),
    distributorId: id(invoices.distributorId),
    uploadId: id(invoices.uploadId),
    state: equals(distributors.state),
    ...dayRange(invoices.invoiceDate, { from: 'dateFrom', to: 'dateTo' }),
  },
  sort: { id: invoices.id, invoiceDate: invoices.invoiceDate, number: invoices.number },
  defaultSort: 'id',
  id: invoices.id,
});

export async function findInvoice(tx: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await select(tx).where(eq(invoices.id, id));
  return row;
}

export const linesOf = (tx: Executor, invoiceId: number): Promise<InvoiceLineRow[]> =>
  tx
    .select({
      id: invoiceLines.id,
      productId: invoiceLines.productId,
      sku: products.sku,
      productName: products.name,
      quantity: invoiceLines.quantity,
      allocated: invoiceLines.allocated,
    })
    .from(invoiceLines)
    .innerJoin(products, eq(products.id, invoiceLines.productId))
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.id));

/** Which of these (distributor, number) pairs already exist. */
export async function existingNumbers(tx: Executor, pairs: { distributorId: number; number: string }[]) {
  if (pairs.length === 0) return new Set<string>();
  const ids = [...new Set(pairs.map((p) => p.distributorId))];
  const rows = await tx
    .select({ distributorId: invoices.distributorId, number: invoices.number })
    .from(invoices)
    .where(
      and(
        inArray(invoices.distributorId, ids),
        inArray(
          invoices.number,
          pairs.map((p) => p.number),
        ),
      ),
    );
  return new Set(rows.map((r) => `${r.distributorId}\u0000${r.number}`));
}

export async function insertInvoice(
  tx: Executor,
  invoice: typeof invoices.$inferInsert,
  lines: { productId: number; quantity: number }[],
): Promise<number> {
  const [row] = await tx.insert(invoices).values(invoice).returning({ id: invoices.id });
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row!.id })));
  return row!.id;
}
