import {
  STORE_ENTITY,
  STORE_UPLOAD_COLUMNS,
  type StoreRow,
  type StoreUploadResult,
} from '@app/contract/stores';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { stores } from '../../db/schema/stores';
import { type Actor, audit } from '../../lib/audit';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { listRow } from '../../lib/lists/engine';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { storeList, storesByCode } from './stores.repository';
import { readStoresSheet } from './stores-sheet';
import { type PlannedStore, planStoreUpload } from './stores-upload.plan';

/** What an audit entry records of a store, as the records factory (lib/records.ts) writes it. */
const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: StoreRow) => rest;
const load = async (tx: Executor, id: number) => (await listRow(storeList, tx, id))!;

type Existing = typeof stores.$inferSelect;

/** Creates or updates one store from a row, with its audit entry; an unchanged store writes nothing. */
async function applyRow(tx: Executor, actor: Actor, planned: PlannedStore, existing?: Existing) {
  const values = { ...planned.values, active: planned.active };
  if (!existing) {
    const [created] = await tx.insert(stores).values(values).returning({ id: stores.id });
    const row = await load(tx, created!.id);
    await audit(tx, actor, {
      action: `${STORE_ENTITY}.created`,
      entity: STORE_ENTITY,
      entityId: row.id,
      after: snapshot(row),
    });
    return 'created' as const;
  }
  const changed = Object.entries(values).filter(([key, value]) => existing[key as keyof Existing] !== value);
  if (changed.length === 0) return 'unchanged' as const;
  const before = await load(tx, existing.id);
  await tx
    .update(stores)
    .set({ ...Object.fromEntries(changed), updatedAt: new Date() })
    .where(eq(stores.id, existing.id));
  const after = await load(tx, existing.id);
  await audit(tx, actor, {
    action: `${STORE_ENTITY}.updated`,
    entity: STORE_ENTITY,
    entityId: existing.id,
    before: snapshot(before),
    after: snapshot(after),
  });
  return 'updated' as const;
}

/**
 * A sheet of stores, checked row by row: a known code updates its store, a new code adds one. A
 * clean file is applied; a file with errors applies nothing unless `applyValid` is set (the caller
 * sends the file again). Applied rows go in one transaction, each audited as a single edit is.
 */
export async function uploadStores(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<StoreUploadResult> {
  const rows = await readStoresSheet(file.content);
  const plan = planStoreUpload(rows);
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'stores_upload_errors',
    name: 'stores-upload-errors.xlsx',
    columns: STORE_UPLOAD_COLUMNS,
    rows,
    errors: plan.errors,
  });
  const apply = plan.errors.length === 0 || file.applyValid;
  const toApply = apply ? plan.stores : [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (toApply.length > 0)
    await app.database.db
      .transaction(async (tx) => {
        const codes = toApply.map((s) => s.values.code);
        // The stores to update, locked in id order so concurrent uploads cannot deadlock.
        const existing = new Map<string, Existing>();
        for (const s of await storesByCode(tx, codes)) existing.set(s.code, s);
        for (const planned of toApply)
          counts[await applyRow(tx, actor, planned, existing.get(planned.values.code))]++;
      })
      .catch((error: unknown) => {
        // Another upload or a form added one of these codes meanwhile: nothing of this file applied.
        if (isUniqueViolation(error))
          throw conflict('A store of this file was added by someone else meanwhile; upload the file again');
        throw error;
      });
  return {
    ...uploadOutcome({
      rowsTotal: plan.rowsTotal,
      rowsValid: plan.stores.length,
      rowsApplied: toApply.length,
      errors: plan.errors,
      errorReportId,
    }),
    created: counts.created,
    updated: counts.updated,
  };
}
