import {
  markPaidBody,
  UTR_UPLOAD_COLUMNS,
  type UtrUploadColumn,
  type UtrUploadResult,
} from '@app/contract/redemptions';
import type { RowError } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { markPaidIn } from './redemptions.service';

/** The UTR upload template: one row per cash redemption paid, with the bank's UTR. */
export const utrTemplate = () =>
  templateWorkbook({
    sheet: 'UTR',
    columns: UTR_UPLOAD_COLUMNS,
    examples: [[0, 'UTR0000000000']],
    instructions: [
      'One row per approved cash redemption that the bank has paid.',
      'Redemption: the redemption number shown on Approvals → Redemption. UTR: 6 to 30 letters or digits.',
      'A redemption you approved yourself cannot be marked paid by you (a second person pays).',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });

/**
 * Marks cash redemptions paid from a sheet (Redemption, UTR), row by row: each row is checked the way
 * one "mark paid" is (format, state, maker-checker, UTR not used elsewhere or twice in the file) in a
 * savepoint of its own. A clean file is applied; a file with errors applies nothing unless
 * `applyValid` is set; the error report lists the bad rows as uploaded.
 */
export async function uploadUtrs(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<UtrUploadResult> {
  const rows = (await readSheet(file.content, UTR_UPLOAD_COLUMNS)) as SheetRow<UtrUploadColumn>[];
  const errors: RowError[] = [];
  const planned: { row: number; id: number; utr: string }[] = [];
  const seenUtr = new Map<string, number>();
  const seenId = new Map<number, number>();
  for (const r of rows) {
    const idText = String(r.values.Redemption ?? '').trim();
    const id = /^[1-9][0-9]{0,9}$/.test(idText) ? Number(idText) : null;
    if (id === null || id > 2_147_483_647) {
      errors.push({ row: r.row, column: 'Redemption', message: 'A redemption number: digits only' });
      continue;
    }
    const parsed = markPaidBody.shape.utr.safeParse(String(r.values.UTR ?? ''));
    if (!parsed.success) {
      errors.push({ row: r.row, column: 'UTR', message: parsed.error.issues[0]!.message });
      continue;
    }
    const utr = parsed.data;
    if (seenUtr.has(utr)) {
      errors.push({ row: r.row, column: 'UTR', message: `The same UTR is on row ${seenUtr.get(utr)}` });
      continue;
    }
    if (seenId.has(id)) {
      errors.push({
        row: r.row,
        column: 'Redemption',
        message: `The same redemption is on row ${seenId.get(id)}`,
      });
      continue;
    }
    seenUtr.set(utr, r.row);
    seenId.set(id, r.row);
    planned.push({ row: r.row, id, utr });
  }

  const { db } = app.database;
  // Each row in a savepoint: a row refused by the state machine is reported and leaves nothing behind.
  const tryRows = (apply: boolean) =>
    db
      .transaction(async (tx) => {
        const good: typeof planned = [];
        for (const p of [...planned].sort((a, b) => a.id - b.id)) {
          try {
            await tx.transaction((sp) => markPaidIn(sp, actor, p.id, p.utr));
            good.push(p);
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            errors.push({
              row: p.row,
              column: error.fields?.utr ? 'UTR' : 'Redemption',
              message: error.statusCode === 404 ? 'No such redemption' : error.message,
            });
          }
        }
        if (!apply || (errors.length > 0 && !file.applyValid)) throw new DryRun(good);
        return good;
      })
      .catch((error: unknown) => {
        if (error instanceof DryRun) return { dry: true as const, good: error.good };
        throw error;
      });
  const outcome = await tryRows(true);
  const applied = Array.isArray(outcome) ? outcome : [];
  const valid = Array.isArray(outcome) ? outcome.length : outcome.good.length;
  errors.sort((a, b) => a.row - b.row);
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'utr_upload_errors',
    name: 'utr-upload-errors.xlsx',
    columns: UTR_UPLOAD_COLUMNS,
    rows,
    errors,
  });
  return uploadOutcome({
    rowsTotal: rows.length,
    rowsValid: valid,
    rowsApplied: applied.length,
    errors,
    errorReportId,
  });
}

/** Rolls the trial back, carrying the rows that would have applied. */
class DryRun extends Error {
  constructor(readonly good: { row: number; id: number; utr: string }[]) {
    super('dry run');
  }
}
