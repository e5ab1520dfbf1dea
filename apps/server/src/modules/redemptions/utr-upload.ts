import {
  canMove,
  markPaidBody,
  REDEMPTION_MESSAGES,
  type RedemptionKind,
  type RedemptionStatus,
  UTR_UPLOAD_COLUMNS,
  type UtrUploadColumn,
  type UtrUploadResult,
} from '@app/contract/redemptions';
import type { RowError } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, auditMany } from '../../lib/audit';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { yieldToOthers } from '../../lib/yield';
import { moveRedemptions, wrongStateMessage } from './redemption-state';
import { type LockedRedemption, lockRedemptions, redemptionsByUtr, setUtrs } from './redemptions.repository';

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
 * Marks cash redemptions paid from a sheet (Redemption, UTR): each row is checked the way one "mark
 * paid" is (format, state, maker-checker, UTR not used elsewhere or twice in the file), and the good
 * rows are applied together, set-based. A clean file is applied; a file with errors applies nothing unless
 * `applyValid` is set; the error report lists the bad rows as uploaded.
 */
export async function uploadUtrs(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<UtrUploadResult> {
  const rows = (await readSheet(file.content, UTR_UPLOAD_COLUMNS)) as SheetRow<UtrUploadColumn>[];
  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const seenUtr = new Map<string, number>();
  const seenId = new Map<number, number>();
  for (const [n, r] of rows.entries()) {
    if (n > 0 && n % ROWS_BETWEEN_YIELDS === 0) await yieldToOthers();
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
  // One transaction, set-based whatever the file's size: the rows are locked and checked in memory the
  // way one "mark paid" checks them, and the good ones move in one statement (moveRedemptions).
  const tryRows = (apply: boolean) =>
    db
      .transaction(async (tx) => {
        const good = await checkPlanned(tx, actor, planned, errors);
        if (!apply || (errors.length > 0 && !file.applyValid)) throw new DryRun(good.map((g) => g.plan));
        await payAll(tx, actor, good);
        return good.map((g) => g.plan);
      })
      .catch((error: unknown) => {
        if (error instanceof DryRun) return { dry: true as const, good: error.good };
        if (isUniqueViolation(error)) throw conflict(REDEMPTION_MESSAGES.utrTaken);
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

type Planned = { row: number; id: number; utr: string };

/** The checks of a 20,000-row file turn the event loop every 1,000 rows (health, other users). */
const ROWS_BETWEEN_YIELDS = 1_000;

/**
 * The rows that would pay, locked in id order (as concurrent bulks lock); each refused row is
 * reported with the message its "mark paid" would give (no such redemption, wrong state, paid by its
 * own approver, UTR already on another redemption).
 */
async function checkPlanned(tx: Executor, actor: Actor, planned: readonly Planned[], errors: RowError[]) {
  const locked = await lockRedemptions(
    tx,
    planned.map((p) => p.id),
  );
  const used = await redemptionsByUtr(
    tx,
    planned.map((p) => p.utr),
  );
  const good: { plan: Planned; row: LockedRedemption }[] = [];
  const refuse = (p: Planned, column: UtrUploadColumn, message: string) =>
    errors.push({ row: p.row, column, message });
  for (const [n, p] of [...planned].sort((a, b) => a.id - b.id).entries()) {
    if (n > 0 && n % ROWS_BETWEEN_YIELDS === 0) await yieldToOthers();
    const row = locked.get(p.id);
    const holder = used.get(p.utr);
    if (!row) refuse(p, 'Redemption', 'No such redemption');
    else if (!canMove(row.kind as RedemptionKind, row.status as RedemptionStatus, 'paid'))
      refuse(p, 'Redemption', wrongStateMessage(row, 'paid'));
    else if (actor.id !== null && row.approvedBy === actor.id)
      refuse(p, 'Redemption', REDEMPTION_MESSAGES.paidByApprover);
    else if (holder !== undefined && holder !== p.id) refuse(p, 'UTR', REDEMPTION_MESSAGES.utrTaken);
    else good.push({ plan: p, row });
  }
  return good;
}

/** `approved → paid` of every good row in one move, each with its own UTR (set first), audited. */
async function payAll(tx: Executor, actor: Actor, good: readonly { plan: Planned; row: LockedRedemption }[]) {
  if (good.length === 0) return;
  // The UTRs first: the move queues each member's "paid" message, which carries the row's UTR.
  await setUtrs(
    tx,
    good.map((g) => g.plan),
  );
  const entries = await moveRedemptions(
    tx,
    good.map((g) => g.row),
    {
      to: 'paid',
      staffId: actor.id,
      actor,
      notes: good.map((g) => `UTR ${g.plan.utr}`),
      set: { paidBy: actor.id, paidAt: new Date() },
    },
  );
  await auditMany(
    tx,
    actor,
    entries.map((entry, i) => ({ ...entry, after: { ...(entry.after as object), utr: good[i]!.plan.utr } })),
  );
}

/** Rolls the trial back, carrying the rows that would have applied. */
class DryRun extends Error {
  constructor(readonly good: Planned[]) {
    super('dry run');
  }
}
