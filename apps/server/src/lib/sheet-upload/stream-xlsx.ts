import type { MessagePort } from 'node:worker_threads';
import { encryptTexts } from '../field-crypto';
import { type ReadRequest, readRows, refusing } from './read-xlsx';

/** A streamed read: the rows go to `port` (see streamXlsx); the answer says only how it ended. */
export interface StreamRequest extends ReadRequest {
  port: MessagePort;
  /** A column of secrets (voucher PINs) to encrypt here, with this key, as the rows are read. */
  seal?: { column: string; key: Uint8Array };
}
export type StreamResult = { ok: true } | { ok: false; message: string };

/** Data rows in a stream: their sheet row numbers, and every row's cells in template column order. */
export interface SheetChunk {
  rows: number[];
  cells: string[];
  /** With `seal`: each row's sealed cell (lib/field-crypto format), null where it is empty. */
  sealed?: (string | null)[];
}

/** Rows per message: small enough for the receiver to start early. */
const CHUNK_ROWS = 2_000;

/** The cell of column `at` of every row of a chunk, sealed with `key`; null where it is empty. */
export function sealCells(chunk: SheetChunk, width: number, at: number, key: Buffer): (string | null)[] {
  const secrets = chunk.rows.map((_, i) => chunk.cells[i * width + at]!);
  const ciphers = encryptTexts(key, secrets.filter(Boolean));
  let next = 0;
  return secrets.map((secret) => (secret ? ciphers[next++]! : null));
}

/**
 * The rows of a read posted on `port` as they are read, a chunk at a time, then null: the receiver
 * checks them while this thread reads on (one structured clone of every row at the end would cost
 * it longer than reading them here). With `seal`, this thread seals every chunk: sealing 100,000
 * PINs costs seconds of CPU, which on the receiver's thread (the server's event loop) would leave
 * every other request waiting.
 */
export const streamXlsx = ({ port, seal, ...request }: StreamRequest): Promise<StreamResult> =>
  refusing(async () => {
    const width = request.columns.length;
    const sealAt = seal ? request.columns.indexOf(seal.column) : -1;
    const key = seal && Buffer.from(seal.key.buffer, seal.key.byteOffset, seal.key.byteLength);
    let chunk: SheetChunk = { rows: [], cells: [] };
    const flush = () => {
      if (chunk.rows.length === 0) return;
      if (key) chunk.sealed = sealCells(chunk, width, sealAt, key);
      port.postMessage(chunk);
      chunk = { rows: [], cells: [] };
    };
    await readRows(request, (row, cells) => {
      chunk.rows.push(row);
      for (const cell of cells) chunk.cells.push(cell);
      if (chunk.rows.length === CHUNK_ROWS) flush();
    });
    flush();
    return { ok: true as const };
  }).finally(() => port.postMessage(null)); // the receiver closes the channel
