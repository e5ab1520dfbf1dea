import type { EventEmitter } from 'node:events';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { ReportColumn } from '@app/contract/reports';
import ExcelJS from 'exceljs';
import { addTextSafeRow } from './xlsx-quote-prefix';

export type CellValue = string | number | boolean | Date | null;
export type ReportRow = Record<string, CellValue | undefined>;

/** Header, then data rows: formula-like text gets the quote-prefix style (lib/xlsx-quote-prefix.ts). */
function addDataRow(sheet: ExcelJS.Worksheet, columns: readonly ReportColumn[], row: ReportRow) {
  addTextSafeRow(
    sheet,
    columns.map((c) => row[c.key] ?? null),
  ).commit();
}

type ZipEntryInput = EventEmitter & { _writableState?: { needDrain: boolean } };

/**
 * exceljs writes committed rows into the zip entry's buffer without waiting for it. Waiting here
 * until that buffer drains lets the slowest consumer (an HTTP client, the file store) set the pace,
 * so memory stays bounded by a few buffers whatever the row count.
 */
async function drained(sheet: ExcelJS.Worksheet, signal: AbortSignal): Promise<void> {
  // Let zlib and the consumer run even when the rows come from memory, without I/O between batches.
  await setImmediate(undefined, { signal });
  // The zip entry is archiver's readable-stream PassThrough: it has `_writableState`, not `writableNeedDrain`.
  const pipes = (sheet as unknown as { stream?: { pipes?: ZipEntryInput[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) if (pipe._writableState?.needDrain) await once(pipe, 'drain', { signal });
}

/**
 * Streams an xlsx: a header row from the catalogue's columns, then every row of every batch,
 * each committed as soon as it is written. `onBatch` hears the running row count (progress).
 */
export async function* xlsxChunks(
  columns: readonly ReportColumn[],
  batches: AsyncIterable<ReportRow[]>,
  onBatch?: (rowsWritten: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  const stop = new AbortController();

  const produce = async () => {
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const batch of batches) {
      if (stop.signal.aborted) return;
      for (const row of batch) addDataRow(sheet, columns, row);
      written += batch.length;
      await onBatch?.(written);
      await drained(sheet, stop.signal);
    }
    sheet.commit();
    await workbook.commit();
  };
  const producing = produce().catch((error: Error) => {
    out.destroy(error);
  });

  let complete = false;
  try {
    for await (const chunk of out) yield chunk as Buffer;
    complete = true;
  } finally {
    if (complete) await producing;
    else {
      // The consumer stopped early (client gone, store failed): stop reading the database too.
      stop.abort();
      out.destroy();
    }
  }
}
