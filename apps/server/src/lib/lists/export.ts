import { Readable } from 'node:stream';
import { istDayStartIso } from '@app/contract/format';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { downloadHeaders } from '../downloads';
import { type CellValue, type ReportRow, type SheetColumn, xlsxChunks } from '../xlsx-writer';
import { type Column, columnOf, type ExportFormat, type Expr, type List } from './define';
import { listBatches, planOf, type Selection } from './engine';

/** Rows per keyset read of an export (the benchmark reads its CSV ceiling in the same batches). */
export const EXPORT_BATCH = 2000;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day as the instant its IST day starts (the writer shows a `date` column's IST day):
 * plain UTC+5:30 since 1946, the tz database before (a date of birth in 1935 had another offset).
 */
const dayStart = (day: string): Date =>
  day >= '1946-01-01' ? new Date(`${day}T00:00:00+05:30`) : new Date(istDayStartIso(day));

/**
 * A value as its spreadsheet cell: numbers as numbers (money in rupees), instants and days as dates
 * (the writer writes their IST wall time with the column's date format), flags as Yes/No.
 */
export function cellOf(value: unknown, format: ExportFormat = 'text'): CellValue {
  if (value === null || value === undefined) return null;
  switch (format) {
    case 'int':
    case 'rupees': {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date':
      if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
        const day = dayStart(value);
        return Number.isNaN(day.getTime()) ? value : day;
      }
      return cellOf(value, 'datetime');
    case 'datetime': {
      const at = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(at.getTime()) ? String(value) : at;
    }
    case 'bool':
      return value ? 'Yes' : 'No';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : (value as CellValue);
  }
}

/** The exported columns of a list: those with a label, in declaration order. */
export interface ExportColumn {
  key: string;
  label: string;
  format?: ExportFormat;
  width?: number;
  /** `false`: left out of the report types built on the list. */
  report?: false;
  cell: (row: Record<string, unknown>) => unknown;
}

/** The exported columns of a list: those with a label, in declaration order, then computed ones. */
export function exportColumns<Row, Raw>(list: List<Row, Raw>): ExportColumn[] {
  const declared = Object.entries(list.columns).flatMap(([key, c]) => {
    const { label, format, width, report } = columnOf(c as Column | Expr);
    return label
      ? [{ key, label, format, width, report, cell: (row: Record<string, unknown>) => row[key] }]
      : [];
  });
  const computed = Object.entries(list.computed ?? {}).map(([key, c]) => ({
    key,
    ...c,
    cell: (row: Record<string, unknown>) => c.cell(row as Row),
  }));
  return [...declared, ...computed];
}

/** Rows of batches as cells of the given columns. */
export async function* cellsOf(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<unknown[]>,
): AsyncGenerator<ReportRow[]> {
  for await (const batch of batches) {
    yield batch.map((row) => {
      const cells: ReportRow = {};
      for (const c of columns) cells[c.key] = cellOf(c.cell(row as Record<string, unknown>), c.format);
      return cells;
    });
  }
}

/**
 * "Export of the current filter": every row of the selection as a streamed xlsx, walking the
 * keyset in batches (memory stays a batch and the writer's buffers, whatever the size).
 */
export function sendListExport<Row, Raw>(
  reply: FastifyReply,
  list: List<Row, Raw>,
  db: Executor,
  selection: Selection & { scope?: SQL },
  fileName: string,
) {
  planOf(list, selection); // a bad filter or sort answers 400 before any byte of the file is sent
  const columns = exportColumns(list);
  const header: SheetColumn[] = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: c.width,
    format: c.format,
  }));
  const rows = cellsOf(columns, listBatches(list, db, selection, EXPORT_BATCH));
  return downloadHeaders(reply, {
    name: `${fileName}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    personal: true,
  }).send(Readable.from(xlsxChunks(header, rows)));
}
