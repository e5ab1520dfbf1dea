import { todayInIndia } from '@app/contract/format';
import { GSTIN, INVOICE_MESSAGES as M, MAX_LINE_QUANTITY } from '@app/contract/invoices';
import type { RowError } from '@app/contract/uploads';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/products';
import { parseSheetDate } from '../../lib/sheets';
import { distributorsByCode } from '../distributors';
import type { InvoiceSheetRow as SheetRow } from './invoice-sheet';
import { existingNumbers } from './invoices.repository';

export interface NewDistributor {
  code: string;
  name: string;
  gstin: string | null;
  state: string;
  city: string;
}

export interface PlannedInvoice {
  distributorCode: string;
  number: string;
  invoiceDate: string;
  lines: { productId: number; quantity: number }[];
  rows: number[];
}

export interface UploadPlan {
  invoices: PlannedInvoice[];
  newDistributors: NewDistributor[];
  errors: RowError[];
  rowsTotal: number;
  rowsValid: number;
}

/**
 * Checks every row and groups the good ones into invoices. An invoice with any bad row is refused
 * whole (its other rows say so), so "apply valid rows" never creates half an invoice.
 */
export async function planUpload(tx: Executor, rows: SheetRow[]): Promise<UploadPlan> {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: string, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const codeOf = (r: SheetRow) => r.values['Distributor Code'].toUpperCase();
  const skus = [...new Set(rows.map((r) => r.values.SKU.toUpperCase()).filter(Boolean))];
  const known = await tx
    .select({ id: products.id, sku: products.sku, active: products.active })
    .from(products)
    .where(inArray(products.sku, skus.length ? skus : ['']));
  const productBySku = new Map(known.map((p) => [p.sku, p]));
  const distributors = new Map(
    (await distributorsByCode(tx, [...new Set(rows.map(codeOf))])).map((d) => [d.code, d]),
  );
  const today = todayInIndia();

  const groups = new Map<string, { rows: SheetRow[]; invoice: PlannedInvoice }>();
  for (const r of rows) {
    const v = r.values;
    const code = codeOf(r);
    if (!v['Invoice Number']) fail(r.row, 'Invoice Number', M.numberRequired);
    else if (v['Invoice Number'].length > 40) fail(r.row, 'Invoice Number', M.tooLong);
    const date = v['Invoice Date'] ? parseSheetDate(v['Invoice Date']) : null;
    if (!v['Invoice Date']) fail(r.row, 'Invoice Date', M.dateRequired);
    else if (!date) fail(r.row, 'Invoice Date', M.dateInvalid);
    else if (date > today) fail(r.row, 'Invoice Date', M.dateFuture);
    if (!code) fail(r.row, 'Distributor Code', M.codeRequired);
    else if (!/^[A-Z0-9_-]{2,32}$/.test(code)) fail(r.row, 'Distributor Code', M.codeFormat);
    if (v.GSTIN && !GSTIN.test(v.GSTIN.toUpperCase())) fail(r.row, 'GSTIN', M.gstin);
    const product = productBySku.get(v.SKU.toUpperCase());
    if (!v.SKU) fail(r.row, 'SKU', M.productRequired);
    else if (!product) fail(r.row, 'SKU', `${M.productUnknown}: ${v.SKU}`);
    else if (!product.active) fail(r.row, 'SKU', M.productInactive);
    const qty = Number(v.Quantity);
    if (!/^\d+$/.test(v.Quantity) || qty < 1 || qty > MAX_LINE_QUANTITY) fail(r.row, 'Quantity', M.quantity);

    const key = `${code}\u0000${v['Invoice Number']}`;
    const group = groups.get(key) ?? {
      rows: [],
      invoice: {
        distributorCode: code,
        number: v['Invoice Number'],
        invoiceDate: date ?? '',
        lines: [],
        rows: [],
      },
    };
    groups.set(key, group);
    if (date && group.invoice.invoiceDate && date !== group.invoice.invoiceDate)
      fail(r.row, 'Invoice Date', `Differs from row ${group.rows[0]!.row} of the same invoice`);
    if (product && group.invoice.lines.some((l) => l.productId === product.id))
      fail(r.row, 'SKU', M.productRepeated);
    group.rows.push(r);
    if (product && !bad.has(r.row)) group.invoice.lines.push({ productId: product.id, quantity: qty });
    group.invoice.rows.push(r.row);
  }

  const newDistributors = planDistributors(rows, distributors, codeOf, fail);
  const taken = await existingNumbers(
    tx,
    [...groups.values()].flatMap(({ invoice }) => {
      const d = distributors.get(invoice.distributorCode);
      return d ? [{ distributorId: d.id, number: invoice.number }] : [];
    }),
  );
  for (const { rows: groupRows, invoice } of groups.values()) {
    const d = distributors.get(invoice.distributorCode);
    if (d && taken.has(`${d.id}\u0000${invoice.number}`))
      for (const r of groupRows) fail(r.row, 'Invoice Number', M.numberTaken);
  }
  const invoices: PlannedInvoice[] = [];
  for (const { rows: groupRows, invoice } of groups.values()) {
    if (!groupRows.some((r) => bad.has(r.row))) {
      invoices.push(invoice);
      continue;
    }
    for (const r of groupRows)
      if (!bad.has(r.row))
        fail(r.row, 'Invoice Number', 'Not applied: another row of this invoice has errors');
  }
  errors.sort((a, b) => a.row - b.row);
  const used = new Set(invoices.map((i) => i.distributorCode));
  return {
    invoices,
    newDistributors: newDistributors.filter((d) => used.has(d.code)),
    errors,
    rowsTotal: rows.length,
    rowsValid: rows.length - bad.size,
  };
}

/** Codes not yet known become distributors, from the first of their rows that names one. */
function planDistributors(
  rows: SheetRow[],
  known: Map<string, unknown>,
  codeOf: (r: SheetRow) => string,
  fail: (row: number, column: string, message: string) => void,
): NewDistributor[] {
  const out: NewDistributor[] = [];
  const byCode = new Map<string, SheetRow[]>();
  for (const r of rows.filter((r) => codeOf(r) && !known.has(codeOf(r))))
    byCode.set(codeOf(r), [...(byCode.get(codeOf(r)) ?? []), r]);
  for (const [code, codeRows] of byCode) {
    const source = codeRows.find((r) => r.values['Distributor Name']);
    if (!source) {
      for (const r of codeRows)
        fail(
          r.row,
          'Distributor Code',
          `Distributor ${code} does not exist: fill Distributor Name, State and City to create it`,
        );
      continue;
    }
    const v = source.values;
    const gstin = v.GSTIN.toUpperCase();
    let ok = true;
    const check = (cond: boolean, column: string, message: string) => {
      if (cond) return;
      ok = false;
      for (const r of codeRows)
        fail(r.row, column, r === source ? message : `${message} (on row ${source.row})`);
    };
    check(v['Distributor Name'].length <= 100, 'Distributor Name', M.tooLong);
    check(Boolean(v.State), 'State', M.stateRequired);
    check(Boolean(v.City), 'City', M.cityRequired);
    if (ok)
      out.push({ code, name: v['Distributor Name'], gstin: gstin || null, state: v.State, city: v.City });
  }
  return out;
}
