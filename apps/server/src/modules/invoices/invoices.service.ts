import { todayInIndia } from '@app/contract/format';
import {
  DISTRIBUTOR_ENTITY,
  type DistributorBody,
  type DistributorUpdateBody,
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
import * as distributorsRepo from './distributors.repository';
import * as repo from './invoices.repository';

export { distributorList } from './distributors.repository';
export { invoiceList } from './invoices.repository';

export async function getInvoice(tx: Executor, id: number): Promise<InvoiceDetail> {
  const row = await repo.findInvoice(tx, id);
  if (!row) throw notFound('Invoice');
  return { ...row, lineItems: await repo.linesOf(tx, id) };
}

export async function getDistributor(tx: Executor, id: number) {
  const row = await distributorsRepo.findDistributor(tx, id);
  if (!row) throw notFound('Distributor');
  return row;
}

export function createDistributor(app: FastifyInstance, actor: Actor, body: DistributorBody) {
  return app.database.db.transaction(async (tx) => {
    if ((await distributorsRepo.distributorsByCode(tx, [body.code])).length > 0)
      throw conflict(M.codeTaken, { code: M.codeTaken });
    const id = await distributorsRepo.insertDistributor(tx, body);
    const row = await getDistributor(tx, id);
    await audit(tx, actor, {
      action: 'distributor.created',
      entity: DISTRIBUTOR_ENTITY,
      entityId: id,
      after: body,
    });
    return row;
  });
}

export function updateDistributor(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: DistributorUpdateBody,
) {
  return app.database.db.transaction(async (tx) => {
    const before = await getDistributor(tx, id);
    const changes = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => v !== undefined && before[k as keyof typeof before] !== v),
    );
    // Nothing to change answers the row as it is, with no audit entry (docs/decisions.md).
    if (Object.keys(changes).length === 0) return before;
    await distributorsRepo.updateDistributor(tx, id, changes);
    const after = await getDistributor(tx, id);
    await audit(tx, actor, {
      action: 'distributor.updated',
      entity: DISTRIBUTOR_ENTITY,
      entityId: id,
      before,
      after,
    });
    return after;
  });
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
    if (!(await distributorsRepo.findDistributor(tx, body.distributorId)))
      fields.distributorId = M.distributorUnknown;
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
