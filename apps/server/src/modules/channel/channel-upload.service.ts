import {
  CHANNEL_UPLOAD_COLUMNS,
  type ChannelUploadResult,
  CHANNEL_MESSAGES as M,
} from '@app/contract/channel';
import type { RowError } from '@app/contract/uploads';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { textArray } from '../../lib/raw-sql';
import { readSheet, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { type LinkOutcome, moveToDealer } from './channel.service';

/** Rows one hierarchy upload may hold. */
const MAX_ROWS = 20_000;

export const channelTemplate = () =>
  templateWorkbook({
    sheet: 'Partners',
    columns: CHANNEL_UPLOAD_COLUMNS,
    examples: [['M000101', 'M000042']],
    instructions: [
      'One row per partner (carpenter, contractor or architect): his member code and his dealer’s member code.',
      'The dealer is an approved member of type dealer or retailer. An empty Dealer code detaches the partner.',
      'A partner already with another dealer moves to this one; the history keeps both.',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });

async function codesToMembers(db: Executor, codes: string[]) {
  const result = await db.execute(
    sql`select id, code, type, status from members where code = any(${textArray(codes)})`,
  );
  return new Map(
    (result.rows as { id: number; code: string; type: string; status: string }[]).map((r) => [r.code, r]),
  );
}

/**
 * Partners and their dealers from a sheet (the sheet-upload kit reads it in a worker): each row
 * checked (both codes known, partner of a partner type, dealer an approved dealer or retailer, a
 * partner once per file), then the good rows applied in one transaction, each as staff attaching
 * one would (moveToDealer: locks, history, audit). A file with errors applies nothing unless asked.
 */
export async function uploadChannel(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<ChannelUploadResult> {
  const rows = await readSheet(file.content, CHANNEL_UPLOAD_COLUMNS, { maxRows: MAX_ROWS });
  const db = app.database.db;
  const clean = (v: string | undefined) => (v ?? '').trim().toUpperCase();
  const known = await codesToMembers(db, [
    ...new Set(
      rows.flatMap((r) => [clean(r.values['Member code']), clean(r.values['Dealer code'])]).filter(Boolean),
    ),
  ]);
  const errors: RowError[] = [];
  const planned: { partnerId: number; dealerId: number | null }[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const partnerCode = clean(r.values['Member code']);
    const dealerCode = clean(r.values['Dealer code']);
    const fail = (column: string, message: string) => errors.push({ row: r.row, column, message });
    const partner = known.get(partnerCode);
    const dealer = dealerCode ? known.get(dealerCode) : undefined;
    if (!partnerCode) fail('Member code', M.memberCode);
    else if (!partner) fail('Member code', M.memberUnknown);
    else if (!['carpenter', 'contractor', 'architect'].includes(partner.type))
      fail('Member code', M.notPartner);
    else if (seen.has(partnerCode)) fail('Member code', M.repeated(seen.get(partnerCode)!));
    else if (dealerCode && (dealer?.status !== 'approved' || !['dealer', 'retailer'].includes(dealer.type)))
      fail('Dealer code', M.dealerUnknown);
    else planned.push({ partnerId: partner.id, dealerId: dealer?.id ?? null });
    if (partnerCode && !seen.has(partnerCode)) seen.set(partnerCode, r.row);
  }
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'channel_upload_errors',
    name: 'channel-upload-errors.xlsx',
    columns: CHANNEL_UPLOAD_COLUMNS,
    rows,
    errors,
  });
  const toApply = errors.length === 0 || file.applyValid ? planned : [];
  const counts: Record<LinkOutcome, number> = { attached: 0, detached: 0, unchanged: 0 };
  if (toApply.length > 0)
    await db.transaction(async (tx) => {
      // In partner id order, as the scan and every other change lock members.
      for (const p of [...toApply].sort((a, b) => a.partnerId - b.partnerId))
        counts[await moveToDealer(tx, actor, { ...p, via: 'upload', field: 'Member code' })]++;
    });
  return {
    ...uploadOutcome({
      rowsTotal: rows.length,
      rowsValid: planned.length,
      rowsApplied: toApply.length,
      errors,
      errorReportId,
    }),
    ...counts,
  };
}
