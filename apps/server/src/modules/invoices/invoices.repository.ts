import type { InvoiceLineRow, InvoiceRow } from '@app/contract/invoices';
import type { ListQuery } from '@app/contract/list';
import { and, asc, count, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { type ListSpec, runList } from '../../lib/list';
import { containsPattern, idFilter, isoText } from '../../lib/list-filters';

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

export const invoiceFilters: ListSpec['filters'] = {
  q: (v) =>
    or(
      ilike(invoices.number, containsPattern(v)),
      ilike(distributors.name, containsPattern(v)),
      ilike(distributors.code, containsPattern(v)),
    ),
  distributorId: (v) => eq(invoices.distributorId, idFilter('distributorId', v)),
  uploadId: (v) => eq(invoices.uploadId, idFilter('uploadId', v)),
  state: (v) => eq(distributors.state, String(v)),
  dateFrom: (v) => gte(invoices.invoiceDate, String(v)),
  dateTo: (v) => lte(invoices.invoiceDate, String(v)),
};

const spec: ListSpec = {
  sortable: { id: invoices.id, invoiceDate: invoices.invoiceDate, number: invoices.number },
  defaultSort: 'id',
  id: invoices.id,
  filters: invoiceFilters,
};

const select = (tx: Executor, extra = {}) =>
  tx
    .select({ ...columns, ...extra })
    .from(invoices)
    .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
    .leftJoin(staff, eq(staff.id, invoices.createdBy))
    .$dynamic();

export const listInvoices = (tx: Executor, query: ListQuery) =>
  runList<InvoiceRow>(spec, query, {
    select: (cursor) => select(tx, cursor),
    count: () =>
      tx
        .select({ n: count() })
        .from(invoices)
        .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
        .$dynamic(),
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
