import {
  DISPATCH_UPLOAD_COLUMNS,
  type DispatchUploadColumn,
  type DispatchUploadResult,
  DISPATCH_MESSAGES as M,
} from '@app/contract/courier-redemptions';
import { todayInIndia } from '@app/contract/format';
import { hasForbiddenCharacters, INPUT_MESSAGES } from '@app/contract/input';
import type { RowError } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { parseSheetDate, readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { dispatchGift } from '../redemptions';
import { dispatchCandidates } from './courier-redemptions.repository';

type Row = SheetRow<DispatchUploadColumn>;
const AWB = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;

/** The dispatch template: one row per approved gift. */
export const dispatchTemplate = () =>
  templateWorkbook({
    sheet: 'Dispatches',
    columns: DISPATCH_UPLOAD_COLUMNS,
    formats: { 'Dispatch date': 'dd/mm/yyyy', AWB: '@' },
    examples: [[123, 'Blue Dart', 'BD123456789IN', new Date(`${todayInIndia()}T00:00:00Z`)]],
    instructions: [
      'One row per approved gift redemption: its number (Courier Redemption, first column), the courier',
      'company, the AWB number (4 to 40 letters, digits or dashes) and the dispatch date (DD/MM/YYYY, not',
      'in the future). A redemption may appear once. A file with errors applies nothing unless you choose',
      '"Apply valid rows". Replace the example row.',
    ],
  });

/** Checks each row against the redemptions; a redemption twice refuses both rows. */
async function plan(app: FastifyInstance, rows: Row[]) {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: DispatchUploadColumn, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const idOf = (r: Row) => (/^\d{1,10}$/.test(r.values.Redemption) ? Number(r.values.Redemption) : null);
  const found = await dispatchCandidates(app.database.db, [
    ...new Set(rows.map(idOf).filter((x): x is number => x !== null)),
  ]);
  const today = todayInIndia();
  const firstRow = new Map<number, number>();
  const checked = rows.map((r) => {
    const id = idOf(r);
    const redemption = id === null ? undefined : found.get(id);
    if (!r.values.Redemption) fail(r.row, 'Redemption', M.redemptionRequired);
    else if (redemption?.kind !== 'gift') fail(r.row, 'Redemption', M.redemptionUnknown);
    else if (redemption.status !== 'approved') fail(r.row, 'Redemption', M.notApproved(redemption.status));
    const courier = r.values['Courier company'].replace(/\s+/g, ' ');
    if (!courier) fail(r.row, 'Courier company', M.courierRequired);
    else if (courier.length > 100) fail(r.row, 'Courier company', INPUT_MESSAGES.tooLong(100));
    else if (hasForbiddenCharacters(courier)) fail(r.row, 'Courier company', INPUT_MESSAGES.badCharacters);
    if (!r.values.AWB) fail(r.row, 'AWB', M.awbRequired);
    else if (!AWB.test(r.values.AWB)) fail(r.row, 'AWB', M.awbFormat);
    const raw = r.values['Dispatch date'];
    const day = raw ? parseSheetDate(raw) : null;
    if (!raw) fail(r.row, 'Dispatch date', M.dateRequired);
    else if (!day) fail(r.row, 'Dispatch date', M.dateInvalid);
    else if (day > today) fail(r.row, 'Dispatch date', M.dateFuture);
    else if (redemption && day < redemption.requestedDay) fail(r.row, 'Dispatch date', M.dateBeforeRequest);
    if (id !== null) {
      const first = firstRow.get(id);
      if (first === undefined) firstRow.set(id, r.row);
      else {
        fail(first, 'Redemption', M.repeated(r.row));
        fail(r.row, 'Redemption', M.repeated(first));
      }
    }
    return {
      row: r.row,
      id,
      body: { courierCompany: courier, awb: r.values.AWB.toUpperCase(), dispatchedOn: day ?? '' },
    };
  });
  errors.sort((a, b) => a.row - b.row);
  return { valid: checked.filter((c) => !bad.has(c.row)), errors };
}

/**
 * Dispatches from a spreadsheet: checked row by row; a clean file (or "apply valid rows") dispatches
 * in one transaction, each row through dispatchGift (locked, audited, 409 on a state changed meanwhile).
 */
export async function uploadDispatches(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<DispatchUploadResult> {
  const rows = await readSheet(file.content, DISPATCH_UPLOAD_COLUMNS);
  const { valid, errors } = await plan(app, rows);
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'dispatch_upload_errors',
    name: 'dispatch-upload-errors.xlsx',
    columns: DISPATCH_UPLOAD_COLUMNS,
    rows,
    errors,
  });
  const apply = errors.length === 0 || file.applyValid ? valid : [];
  if (apply.length > 0)
    await app.database.db.transaction(async (tx) => {
      for (const c of [...apply].sort((a, b) => a.id! - b.id!)) await dispatchGift(tx, actor, c.id!, c.body);
    });
  return uploadOutcome({
    rowsTotal: rows.length,
    rowsValid: valid.length,
    rowsApplied: apply.length,
    errors,
    errorReportId,
  });
}
