import { todayInIndia } from '@app/contract/format';
import {
  INVOICE_ENTITY,
  type InvoiceCreateBody,
  type InvoiceDetail,
  INVOICE_MESSAGES as M,
} from '@app/contract/invoices';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/products';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { findDistributor } from '../distributors';
import * as repo from './invoices.repository';

export { invoiceList } from './invoices.repository';

export async function getInvoice(tx: Executor, id: number): Promise<InvoiceDetail> {
  const row = await repo.findInvoice(tx, id);
  if (!row) throw notFound('Invoice');
  return { ...row, lineItems: await repo.linesOf(tx, id) };
}

/** Field errors of an invoice's lines: unknown, inactive or repeated SKUs. */
async function checkLines(tx: Executor, lines: InvoiceCreateBody['lines']) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = await tx
    .select({ id: products.id, active: products.active })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    const p = byId.get(line.productId);
    const key = `lines.${i}.productId`;
    if (!p) fields[key] = M.productUnknown;
    else if (!p.active) fields[key] = M.productInactive;
    else if (seen.has(line.productId)) fields[key] = M.productRepeated;
    seen.add(line.productId);
  });
  return fields;
}

export function createInvoice(
  app: FastifyInstance,
  actor: Actor,
  body: InvoiceCreateBody,
): Promise<InvoiceDetail> {
  return app.database.db.transaction(async (tx) => {
    const fields = await checkLines(tx, body.lines);
    if (body.invoiceDate > todayInIndia()) fields.invoiceDate = M.dateFuture;
    if (!(await findDistributor(tx, body.distributorId))) fields.distributorId = M.distributorUnknown;
    const first = Object.entries(fields)[0];
    if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
    const taken = await repo.existingNumbers(tx, [body]);
    if (taken.size > 0) throw conflict(M.numberTaken, { number: M.numberTaken });
    const id = await repo.insertInvoice(tx, { ...body, createdBy: actor.id }, body.lines).catch((error) => {
      throw isUniqueViolation(error) ? conflict(M.numberTaken, { number: M.numberTaken }) : error;
    });
    const detail = await getInvoice(tx, id);
    await audit(tx, actor, { action: 'invoice.created', entity: INVOICE_ENTITY, entityId: id, after: body });
    return detail;
  });
}
