import type { InvoicePushBody } from '@app/contract/integrations';
import { type DistributorBody, distributorCode } from '@app/contract/invoices';
import { productSku } from '@app/contract/products';
import { type StoreCreateBody, storeCode } from '@app/contract/stores';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { distributorsByCode, distributorWrites } from '../distributors';
import { pushInvoices } from '../invoices';
import { upsertProduct } from '../products';
import { storesByCode, storeWrites } from '../stores';

/** A path's code read by the record's own rule (case, characters), or a field error naming `code`. */
function codeBy(schema: z.ZodType<string>, code: string): string {
  const parsed = schema.safeParse(code);
  if (!parsed.success) throw fieldError('code', parsed.error.issues[0]?.message ?? 'Not a valid code');
  return parsed.data;
}

/** Invoices pushed by a system: at most once per Idempotency-Key, and per distributor and number. */
export const pushInvoicesOnce = (
  app: FastifyInstance,
  actor: Actor,
  idempotency: IdempotencyContext,
  body: InvoicePushBody,
) => idempotent(app, idempotency, (tx) => pushInvoices(tx, actor, body.lines));

/** Creates or updates the distributor of a code, through the Invoice page's own writes. */
export async function upsertDistributor(
  app: FastifyInstance,
  actor: Actor,
  rawCode: string,
  body: Omit<DistributorBody, 'code'>,
) {
  const code = codeBy(distributorCode, rawCode);
  const [existing] = await distributorsByCode(app.database.db, [code]);
  return existing
    ? { created: false, row: await distributorWrites.update(app, actor, existing.id, body) }
    : { created: true, row: await distributorWrites.create(app, actor, { ...body, code }) };
}

/** Creates or updates the store of a code, through Locator's own writes. */
export async function upsertStore(
  app: FastifyInstance,
  actor: Actor,
  rawCode: string,
  body: Omit<StoreCreateBody, 'code'>,
) {
  const code = codeBy(storeCode, rawCode);
  const [existing] = await storesByCode(app.database.db, [code]);
  return existing
    ? { created: false, row: await storeWrites.update(app, actor, existing.id, body) }
    : { created: true, row: await storeWrites.create(app, actor, { ...body, code }) };
}

/** Creates or updates the product of a SKU, with its dated points, through the catalogue's writes. */
export const upsertProductByCode = (
  app: FastifyInstance,
  actor: Actor,
  rawCode: string,
  body: Parameters<typeof upsertProduct>[3],
) => upsertProduct(app, actor, codeBy(productSku, rawCode), body);
