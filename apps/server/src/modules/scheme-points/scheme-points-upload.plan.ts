import { PRODUCT_MESSAGES } from '@app/contract/products';
import {
  SCHEME_POINTS_MESSAGES as M,
  type PointsUploadColumn,
  pointsChangeBody,
} from '@app/contract/scheme-points';
import type { RowError } from '@app/contract/uploads';
import type { Executor } from '../../db/client';
import { parseSheetDate, type SheetRow } from '../../lib/sheets';
import { productIdsBySku } from './scheme-points.repository';
import { effectiveInstant, isPastDay } from './scheme-points.service';

export type PointsSheetRow = SheetRow<PointsUploadColumn>;

/** A valid row, ready for recordChange. */
export interface PlannedChange {
  row: number;
  productId: number;
  points: number;
  effectiveFrom: Date;
  reason: string;
}

export interface PointsUploadPlan {
  changes: PlannedChange[];
  errors: RowError[];
  rowsTotal: number;
}

type Checked<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

/** The same points rule as the form (pointsChangeBody); text that is no number gets the range message. */
function checkPoints(text: string): Checked<number> {
  if (text === '') return { error: PRODUCT_MESSAGES.pointsRequired };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: PRODUCT_MESSAGES.pointsRange };
  const parsed = pointsChangeBody.shape.points.safeParse(Number(text));
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]!.message };
}

/** A day as the sheet gives it (DD/MM/YYYY, an Excel date, …), today (IST) or later as the form. */
function checkDay(text: string): Checked<string> & { day?: string } {
  if (text === '') return { error: M.sheetDateRequired };
  const day = parseSheetDate(text);
  if (!day) return { error: M.sheetDateInvalid };
  return isPastDay(day) ? { error: M.pastDate, day } : { value: day, day };
}

function checkReason(text: string): Checked<string> {
  const parsed = pointsChangeBody.shape.reason.safeParse(text);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]!.message };
}

/**
 * Checks every row of a points upload against the catalogue and the single-change rules. The same
 * SKU twice for one day is ambiguous (which points win?), so both rows are refused.
 */
export async function planPointsUpload(tx: Executor, rows: PointsSheetRow[]): Promise<PointsUploadPlan> {
  const errors: RowError[] = [];
  const bad = new Set<number>();
  const fail = (row: number, column: PointsUploadColumn, message: string) => {
    errors.push({ row, column, message });
    bad.add(row);
  };
  const skuOf = (r: PointsSheetRow) => r.values.SKU.toUpperCase();
  const productIds = await productIdsBySku(tx, [...new Set(rows.map(skuOf).filter(Boolean))]);

  const checked = rows.map((r) => {
    const productId = productIds.get(skuOf(r));
    if (!r.values.SKU) fail(r.row, 'SKU', M.skuRequired);
    else if (!productId) fail(r.row, 'SKU', `${M.skuUnknown}: ${r.values.SKU}`);
    const points = checkPoints(r.values.Points);
    if (points.error) fail(r.row, 'Points', points.error);
    const day = checkDay(r.values['Effective from']);
    if (day.error) fail(r.row, 'Effective from', day.error);
    const reason = checkReason(r.values.Reason);
    if (reason.error) fail(r.row, 'Reason', reason.error);
    return { row: r.row, productId, points: points.value, day: day.day, reason: reason.value };
  });

  const firstRowOf = new Map<string, number>();
  const repeatedFirsts = new Set<number>();
  for (const c of checked) {
    if (!c.productId || !c.day) continue;
    const key = `${c.productId}\u0000${c.day}`;
    const first = firstRowOf.get(key);
    if (first === undefined) {
      firstRowOf.set(key, c.row);
      continue;
    }
    if (!repeatedFirsts.has(first)) fail(first, 'SKU', M.repeated(c.row));
    repeatedFirsts.add(first);
    fail(c.row, 'SKU', M.repeated(first));
  }

  const changes: PlannedChange[] = checked.flatMap((c) =>
    bad.has(c.row)
      ? []
      : [
          {
            row: c.row,
            productId: c.productId!,
            points: c.points!,
            effectiveFrom: effectiveInstant(c.day!),
            reason: c.reason!,
          },
        ],
  );
  errors.sort((a, b) => a.row - b.row);
  return { changes, errors, rowsTotal: rows.length };
}
