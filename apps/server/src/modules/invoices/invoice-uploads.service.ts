import { INVOICE_UPLOAD_ENTITY, type InvoiceUploadRow } from '@app/contract/invoices';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { errorReport } from '../../lib/sheets';
import { openStored } from '../files';
import { readInvoiceSheet } from './invoice-sheet';
import { planUpload, type UploadPlan } from './invoice-upload.plan';
import * as repo from './invoice-uploads.repository';

/** How many errors the upload row keeps for display; the report has them all. */
const SHOWN_ERRORS = 50;

export { uploadList } from './invoice-uploads.repository';

export async function loadUpload(tx: Executor, id: number): Promise<InvoiceUploadRow> {
  const row = await repo.findUpload(tx, id);
  if (!row) throw notFound('Upload');
  return row;
}

const counts = (plan: UploadPlan, applied: boolean) => ({
  rowsTotal: plan.rowsTotal,
  rowsApplied: applied ? plan.rowsValid : 0,
  rowsFailed: applied ? plan.rowsTotal - plan.rowsValid : plan.rowsTotal,
  invoicesCreated: applied ? plan.invoices.length : 0,
  errors: plan.errors.slice(0, SHOWN_ERRORS),
});

const raceLost = (error: unknown) => {
  if (isUniqueViolation(error))
    throw conflict(
      'Some of these invoices or distributors were created meanwhile; upload the file again to re-check it',
    );
  throw error;
};

export const INVOICE_ERRORS_FILE = 'invoice-upload-errors.xlsx';

/** The error report, stored before the transaction (file writes never sit inside one). */
const saveErrors = async (app: FastifyInstance, plan: UploadPlan, staffId: number) =>
  plan.errors.length === 0
    ? null
    : (
        await app.files.save(
          {
            name: INVOICE_ERRORS_FILE,
            contentType: XLSX_CONTENT_TYPE,
            purpose: 'invoice_upload_errors',
            owner: { staffId },
            attached: true,
          },
          await errorReport(plan.errors),
        )
      ).id;

/**
 * An uploaded sheet: checked row by row. A clean file is applied; a file with errors applies
 * nothing unless `applyValid` is set (or later, through applyValidRows).
 */
export async function uploadInvoices(
  app: FastifyInstance,
  actor: Actor,
  file: { name: string; content: Buffer; applyValid: boolean },
): Promise<InvoiceUploadRow> {
  const rows = await readInvoiceSheet(file.content);
  const { db } = app.database;
  const plan = await planUpload(db, rows);
  const original = await app.files.save(
    {
      name: file.name,
      contentType: XLSX_CONTENT_TYPE,
      purpose: 'invoice_sheet',
      owner: { staffId: actor.id! },
      attached: true,
    },
    file.content,
  );
  const errorFileId = await saveErrors(app, plan, actor.id!);
  const apply = plan.errors.length === 0 || file.applyValid;
  const status = plan.errors.length === 0 ? 'applied' : apply ? 'partially_applied' : 'has_errors';
  const id = await db
    .transaction(async (tx) => {
      const id = await repo.insertUpload(tx, {
        fileName: file.name,
        fileId: original.id,
        errorFileId,
        status,
        ...counts(plan, apply),
        createdBy: actor.id,
      });
      const invoiceIds = apply ? await repo.applyPlan(tx, plan, id, actor.id) : [];
      await audit(tx, actor, {
        action: 'invoice_upload.created',
        entity: INVOICE_UPLOAD_ENTITY,
        entityId: id,
        after: { fileName: file.name, status, ...counts(plan, apply), errors: undefined, invoiceIds },
      });
      return id;
    })
    .catch(raceLost);
  return loadUpload(db, id);
}

/** Applies the valid rows of an upload that had errors, re-checked against today's data. */
export async function applyValidRows(
  app: FastifyInstance,
  actor: Actor,
  id: number,
): Promise<InvoiceUploadRow> {
  const { db } = app.database;
  const files = await repo.uploadFiles(db, id);
  if (!files) throw notFound('Upload');
  if (files.status !== 'has_errors' || !files.fileId) throw conflict('This upload has already been applied');
  const chunks: Buffer[] = [];
  for await (const c of app.files.open(files.fileId)) chunks.push(Buffer.from(c));
  const plan = await planUpload(db, await readInvoiceSheet(Buffer.concat(chunks)));
  if (plan.invoices.length === 0) throw badRequest('No row of this file is valid: nothing to apply');
  const errorFileId = await saveErrors(app, plan, actor.id!);
  await db
    .transaction(async (tx) => {
      if (
        !(await repo.claimUpload(tx, id, { status: 'partially_applied', errorFileId, ...counts(plan, true) }))
      )
        throw conflict('This upload has already been applied');
      const invoiceIds = await repo.applyPlan(tx, plan, id, actor.id);
      await audit(tx, actor, {
        action: 'invoice_upload.valid_rows_applied',
        entity: INVOICE_UPLOAD_ENTITY,
        entityId: id,
        after: { ...counts(plan, true), errors: undefined, invoiceIds },
      });
    })
    .catch(raceLost);
  return loadUpload(db, id);
}

/** The stored original or error report of an upload. */
export async function uploadFile(app: FastifyInstance, id: number, which: 'original' | 'errors') {
  const files = await repo.uploadFiles(app.database.db, id);
  const fileId = which === 'original' ? files?.fileId : files?.errorFileId;
  return openStored(app, fileId, which === 'original' ? 'Original file' : 'Error report');
}
