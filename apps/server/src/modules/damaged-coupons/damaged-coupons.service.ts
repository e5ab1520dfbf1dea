import { parseCode } from '@app/contract/coupons';
import {
  DAMAGED_ENTITY,
  DAMAGED_UPLOAD_COLUMNS,
  type DamagedApproveBody,
  type DamagedCreateBody,
  type DamagedRow,
  type DamagedUploadResult,
  DAMAGED_MESSAGES as M,
  MAX_DAMAGED_PER_REPORT,
} from '@app/contract/damaged-coupons';
import type { RowError } from '@app/contract/uploads';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { badRequest, fieldError, notFound } from '../../lib/errors';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { moveCouponsReturning } from '../coupons';
import { claimFile, openStored } from '../files';
import * as repo from './damaged-coupons.repository';
import { issueReplacements, releaseFromLines } from './damaged-replacements';
import { readCouponList } from './damaged-sheet';

export { damagedList } from './damaged-coupons.repository';

export async function loadReport(tx: Executor, id: number): Promise<DamagedRow> {
  const row = await repo.findReport(tx, id);
  if (!row) throw notFound('Damaged coupon report');
  return row;
}

interface NewReport {
  mode: 'single' | 'range' | 'upload';
  reason: DamagedCreateBody['reason'];
  note: string | null;
  photoFileId?: number | null;
}

/** The photo: an image the reporter uploaded for a damaged report, referenced by no other record. */
async function claimPhoto(tx: Executor, actor: Actor, photoFileId: number | null | undefined) {
  if (!photoFileId) return;
  const file = await claimFile(tx, photoFileId, {
    purpose: 'damaged_photo',
    owner: { staffId: actor.id! },
    field: 'photoFileId',
    message: M.photoInvalid,
  });
  if (!file.contentType.startsWith('image/')) throw fieldError('photoFileId', M.photoInvalid);
}

/** Stores a pending report of these serials; refuses the whole report if any cannot be reported. */
function saveReport(app: FastifyInstance, actor: Actor, report: NewReport, serials: number[], field: string) {
  return app.database.db.transaction(async (tx) => {
    await claimPhoto(tx, actor, report.photoFileId);
    const bad = await repo.unreportable(tx, serials);
    if (bad.size > 0) {
      const list = [...bad].slice(0, 10).map(([s, why]) => `${s} (${why})`);
      const message = `Cannot report: ${list.join(', ')}${bad.size > 10 ? ', …' : ''}`;
      throw badRequest(message, { [field]: message });
    }
    const id = await repo.insertReport(
      tx,
      { ...report, quantity: serials.length, reportedBy: actor.id! },
      serials,
    );
    await audit(tx, actor, {
      action: 'damaged_report.created',
      entity: DAMAGED_ENTITY,
      entityId: id,
      after: { ...report, quantity: serials.length, first: serials[0], last: serials.at(-1) },
    });
    return loadReport(tx, id);
  });
}

export async function reportDamaged(app: FastifyInstance, actor: Actor, body: DamagedCreateBody) {
  const report = {
    mode: body.mode,
    reason: body.reason,
    note: body.note,
    photoFileId: body.photoFileId ?? null,
  };
  if (body.mode === 'range') {
    const serials = Array.from(
      { length: body.toSerial! - body.fromSerial! + 1 },
      (_, i) => body.fromSerial! + i,
    );
    return saveReport(app, actor, report, serials, 'fromSerial');
  }
  if (body.serial != null) return saveReport(app, actor, report, [body.serial], 'serial');
  const code = parseCode(body.code!);
  if (!code) throw fieldError('code', M.codeInvalid);
  const serial = (await repo.serialsOfCodes(app.database.db, [code])).get(code);
  if (serial === undefined) throw fieldError('code', 'No coupon has this code');
  return saveReport(app, actor, report, [serial], 'code');
}

/**
 * A reported list from a sheet, checked row by row (unknown code or serial, listed twice, not in a
 * state that can be reported). A file with errors reports nothing unless `applyValid`; either way
 * the bad rows can be downloaded as a sheet to fix and upload again.
 */
export async function reportFromSheet(
  app: FastifyInstance,
  actor: Actor,
  content: Buffer,
  options: NewReport & { applyValid: boolean },
): Promise<DamagedUploadResult> {
  const rows = await readCouponList(content);
  if (rows.length > MAX_DAMAGED_PER_REPORT) throw fieldError('file', M.tooMany);
  const codes = rows.map((r) => (r.values.Code ? parseCode(r.values.Code) : null));
  const known = await repo.serialsOfCodes(
    app.database.db,
    codes.filter((c): c is string => c !== null),
  );
  const errors: RowError[] = [];
  const rowOfSerial = new Map<number, number>();
  rows.forEach((r, i) => {
    const column = r.values.Code ? 'Code' : 'Serial';
    const serial = r.values.Code ? (codes[i] ? known.get(codes[i]!) : undefined) : Number(r.values.Serial);
    if (r.values.Code && !codes[i]) errors.push({ row: r.row, column, message: M.codeInvalid });
    else if (serial == null || !Number.isSafeInteger(serial))
      errors.push({ row: r.row, column, message: 'No such coupon' });
    else if (rowOfSerial.has(serial))
      errors.push({ row: r.row, column, message: `Listed twice (also row ${rowOfSerial.get(serial)})` });
    else rowOfSerial.set(serial, r.row);
  });
  const bad = await repo.unreportable(app.database.db, [...rowOfSerial.keys()]);
  for (const [serial, why] of bad)
    errors.push({ row: rowOfSerial.get(serial)!, column: 'Serial', message: why });
  errors.sort((a, b) => a.row - b.row);
  const good = [...rowOfSerial.keys()].filter((s) => !bad.has(s));
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'damaged_upload_errors',
    name: 'damaged-coupons-upload-errors.xlsx',
    columns: DAMAGED_UPLOAD_COLUMNS,
    rows,
    errors,
  });
  const counts = { rowsTotal: rows.length, rowsValid: good.length, errors, errorReportId };
  if (errors.length > 0 && !options.applyValid)
    return { report: null, upload: uploadOutcome({ ...counts, rowsApplied: 0 }) };
  if (good.length === 0) throw fieldError('file', 'No row names a coupon that can be reported');
  const report = await saveReport(app, actor, { ...options, mode: 'upload' }, good, 'file');
  return { report, upload: uploadOutcome({ ...counts, rowsApplied: good.length }) };
}

type LockedReport = NonNullable<Awaited<ReturnType<typeof repo.lockReport>>>;

/**
 * Damage reports: decided by a different person than the reporter, exactly once. Approval voids the
 * coupons not yet scanned, takes live ones off their line's count and issues replacements if asked.
 */
export const damagedDecisions: DecisionFlow<LockedReport, { replace: boolean }> = {
  entity: 'Damaged coupon report',
  lock: repo.lockReport,
  wrongState: (report) => (report.status === 'pending' ? null : M.alreadyDecided),
  // 409 like every maker-checker refusal: the page is allowed, this decision is not theirs to make.
  makers: (report) => [report.reportedBy],
  makerMessage: M.ownReport,
  reasonRequired: { results: ['rejected'], field: 'note' },
  async apply(tx, { id }, { actor, result, reason, input }) {
    const decided = { status: result, decisionNote: reason, decidedBy: actor.id, decidedAt: sql`now()` };
    await repo.setReport(tx, id, decided);
    if (result === 'rejected') {
      const after = { status: 'rejected', note: reason };
      return {
        action: 'damaged_report.rejected',
        entity: DAMAGED_ENTITY,
        entityId: id,
        before: { status: 'pending' },
        after,
      };
    }
    // Lines before coupons and counters, the order every coupon transaction locks in (no deadlocks).
    await tx.execute(sql`
      select l.id from invoice_lines l where l.id in (
        select a.invoice_line_id from damaged_report_items i join coupons c on c.serial = i.serial
        join coupon_allocations a on a.id = c.allocation_id where i.report_id = ${id})
      order by l.id for update`);
    const voided = await moveCouponsReturning(tx, {
      where: sql`serial in (select serial from damaged_report_items where report_id = ${id})`,
      from: ['generated', 'printed', 'active'],
      to: 'damaged',
    });
    await releaseFromLines(tx, voided);
    const replaced = input.replace ? await issueReplacements(tx, actor, id, voided) : 0;
    await repo.setReport(tx, id, { voided: voided.length, replaced });
    return {
      action: 'damaged_report.approved',
      entity: DAMAGED_ENTITY,
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'approved', voided: voided.length, replaced, note: reason ?? undefined },
    };
  },
};

export const approveReport = (app: FastifyInstance, actor: Actor, id: number, body: DamagedApproveBody) =>
  decideOne(
    app,
    damagedDecisions,
    id,
    { actor, result: 'approved', reason: body.note ?? null, input: { replace: body.replace } },
    loadReport,
  );

export const rejectReport = (app: FastifyInstance, actor: Actor, id: number, note: string) =>
  decideOne(
    app,
    damagedDecisions,
    id,
    { actor, result: 'rejected', reason: note, input: { replace: false } },
    loadReport,
  );

export async function reportPhoto(app: FastifyInstance, id: number, variant: 'file' | 'thumbnail') {
  const report = await loadReport(app.database.db, id);
  return openStored(app, report.photoFileId, 'Photo', variant);
}
