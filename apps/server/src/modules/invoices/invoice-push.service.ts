import type { InvoicePushResult, PushLine } from '@app/contract/integrations';
import { INVOICE_ENTITY, type InvoiceUploadColumn, INVOICE_MESSAGES as M } from '@app/contract/invoices';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import type { InvoiceSheetRow } from './invoice-sheet';
import { planUpload } from './invoice-upload.plan';
import { applyPlan } from './invoice-uploads.repository';

/** The JSON field of each upload column, so a refused line names the field the caller sent. */
const FIELD_OF: Record<InvoiceUploadColumn, keyof PushLine> = {
  'Invoice Number': 'invoiceNumber',
  'Invoice Date': 'invoiceDate',
  'Distributor Code': 'distributorCode',
  'Distributor Name': 'distributorName',
  GSTIN: 'gstin',
  State: 'state',
  City: 'city',
  SKU: 'sku',
  Quantity: 'quantity',
};

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A pushed line as the upload's sheet row (row = position + 1), so both go through one plan. */
const asSheetRow = (line: PushLine, i: number): InvoiceSheetRow => ({
  row: i + 1,
  values: {
    'Invoice Number': str(line.invoiceNumber),
    'Invoice Date': str(line.invoiceDate),
    'Distributor Code': str(line.distributorCode),
    'Distributor Name': str(line.distributorName),
    GSTIN: str(line.gstin),
    State: str(line.state),
    City: str(line.city),
    SKU: str(line.sku),
    Quantity: str(line.quantity),
  },
});

/**
 * Invoices pushed by a system (the integration API): the lines are checked and applied by the
 * spreadsheet upload's own plan (`planUpload`, `applyPlan`), so the rules are the Invoice page's and
 * the upload's. Runs in the caller's transaction, after taking a lock per invoice and per
 * distributor code: a second push of the same invoice, in parallel, waits and then finds it
 * (duplicate), so an invoice is created once. Unlike a file, good invoices are applied and each line
 * answered on its own: accepted, duplicate (its invoice exists) or refused (the field and why).
 */
export async function pushInvoices(tx: Tx, actor: Actor, lines: PushLine[]): Promise<InvoicePushResult> {
  const rows = lines.map(asSheetRow);
  const keys = [
    ...new Set(
      rows.flatMap((r) => {
        const code = r.values['Distributor Code'].toUpperCase();
        return [`invoice:${code}\t${r.values['Invoice Number']}`, `distributor:${code}`];
      }),
    ),
  ].sort();
  // Sorted, so two pushes that share invoices take their locks in one order and never deadlock.
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 41))
    from (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k order by 1) s`);
  const plan = await planUpload(tx, rows);
  const invoiceIds = await applyPlan(tx, plan, null, actor.id);

  const idOf = new Map(plan.invoices.map((inv, i) => [inv.rows, invoiceIds[i]!] as const));
  const invoiceOfRow = new Map<number, number>();
  for (const [rowNumbers, id] of idOf) for (const r of rowNumbers) invoiceOfRow.set(r, id);
  const errorsOf = new Map<number, { field: string; reason: string }[]>();
  for (const e of plan.errors) {
    const list = errorsOf.get(e.row) ?? [];
    list.push({ field: FIELD_OF[e.column as InvoiceUploadColumn] ?? e.column, reason: e.message });
    errorsOf.set(e.row, list);
  }
  const answers: InvoicePushResult['lines'] = rows.map(({ row }) => {
    const errors = errorsOf.get(row);
    if (!errors) return { line: row - 1, outcome: 'accepted', invoiceId: invoiceOfRow.get(row) ?? null };
    if (errors.every((e) => e.reason === M.numberTaken))
      return { line: row - 1, outcome: 'duplicate', invoiceId: null };
    return { line: row - 1, outcome: 'refused', invoiceId: null, ...errors[0]!, errors };
  });
  const count = (o: string) => answers.filter((a) => a.outcome === o).length;
  const result = {
    accepted: count('accepted'),
    duplicate: count('duplicate'),
    refused: count('refused'),
    invoicesCreated: invoiceIds.length,
    lines: answers,
  };
  await audit(tx, actor, {
    action: 'invoice.pushed',
    entity: INVOICE_ENTITY,
    entityId: invoiceIds[0] ?? 0,
    after: { ...result, lines: undefined, invoiceIds },
  });
  return result;
}
