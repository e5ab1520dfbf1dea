/// <reference path="./zip-stream.d.ts" />
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { constants } from 'node:zlib';
import ZipStream from 'zip-stream';
import {
  packageParts,
  type ReportRow,
  rowsXml,
  SHEET_TAIL,
  type SheetColumn,
  sheetHead,
} from './xlsx-sheet-xml';

export type { CellValue, ExportFormat, ReportRow, SheetColumn } from './xlsx-sheet-xml';
export { NUMBER_FORMATS } from './xlsx-sheet-xml';

/**
 * Deflate level 1 (zlib's fastest): the sheet is repetitive markup, so level 1 already takes it
 * to a fraction of its size, while higher levels cost several times the CPU for a few percent
 * less; the file is made once and downloaded once. zlib runs off the event loop, so compressing
 * one batch overlaps reading and writing the next.
 */
const DEFLATE_LEVEL = constants.Z_BEST_SPEED;

/** How much sheet XML may wait for zlib before the next batch waits: a few batches. */
const SHEET_BUFFER = 1 << 20;

/**
 * Streams an xlsx: a bold, frozen header row from the columns, then every row of every batch, each
 * column's numbers and dates in its format (`SheetColumn.format`: one set of formats for every file). Each
 * batch becomes sheet XML text at once (no per-cell objects) and goes through a streaming zip, so
 * memory stays a few batches whatever the row count. `onBatch` hears the running row count.
 * The consumer sets the pace: when it reads slowly, the zip, then zlib, then the sheet buffer
 * fill, and no further batch is read until they drain. When it stops, reading stops.
 */
export async function* xlsxChunks(
  columns: readonly SheetColumn[],
  batches: AsyncIterable<ReportRow[]>,
  onBatch?: (rowsWritten: number) => Promise<void>,
  options: { sheetName?: string } = {},
): AsyncGenerator<Buffer> {
  const zip = new ZipStream({ zlib: { level: DEFLATE_LEVEL } });
  const sheet = new PassThrough({ highWaterMark: SHEET_BUFFER });
  const stop = new AbortController();
  const entry = (source: Buffer | PassThrough, name: string) =>
    new Promise<void>((resolve, reject) =>
      zip.entry(source, { name }, (error) => (error ? reject(error) : resolve())),
    );
  const write = async (xml: string) => {
    if (!sheet.write(Buffer.from(xml))) await once(sheet, 'drain', { signal: stop.signal });
  };

  const produce = async () => {
    for (const [name, xml] of packageParts(options.sheetName ?? 'Report'))
      await entry(Buffer.from(xml), name);
    const sheetWritten = entry(sheet, 'xl/worksheets/sheet1.xml');
    // Awaited below; when the consumer stops first, nobody does, and its failure is expected.
    sheetWritten.catch(() => undefined);
    await write(sheetHead(columns));
    let written = 0;
    for await (const batch of batches) {
      if (stop.signal.aborted) return;
      await write(rowsXml(columns, batch, written + 2));
      written += batch.length;
      await onBatch?.(written);
      // Let zlib and the consumer run even when the rows come from memory, without I/O between batches.
      await setImmediate(undefined, { signal: stop.signal });
    }
    sheet.end(SHEET_TAIL);
    await sheetWritten;
    zip.finalize();
  };
  const producing = produce().catch((error: Error) => {
    zip.destroy(error);
  });

  let complete = false;
  try {
    for await (const chunk of zip) yield chunk as Buffer;
    complete = true;
  } finally {
    if (complete) await producing;
    else {
      // The consumer stopped early (client gone, store failed): stop reading the database too.
      stop.abort();
      sheet.destroy();
      zip.destroy();
    }
  }
}

/** A whole (small) xlsx in memory, e.g. an upload's error report. */
export async function xlsxBuffer(
  columns: readonly SheetColumn[],
  rows: ReportRow[],
  sheetName: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxChunks(
    columns,
    (async function* () {
      yield rows;
    })(),
    undefined,
    { sheetName },
  ))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}
