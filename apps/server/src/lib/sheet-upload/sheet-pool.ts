import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { badRequest } from '../errors';
import { yieldToOthers } from '../yield';
import type { ReadRequest, ReadResult, SheetRow } from './read-xlsx';
import type { SheetChunk, StreamRequest, StreamResult } from './stream-xlsx';

/**
 * Spreadsheets are read in worker threads: however hostile a workbook, the event loop keeps
 * answering (health checks, other users). Each worker's heap is capped, so a workbook that slips
 * past the reader's own limits costs that worker, not the server.
 */
let pool: Piscina | undefined;

const workers = () =>
  (pool ??= new Piscina({
    filename: new URL('./read-xlsx.worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 30_000,
    // Not the server's own loader flags (tsx's --import): the worker entry registers what it needs.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 },
  }));

/** Stops the workers (tests and shutdown). */
export async function closeSheetPool() {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}

const fileError = (message: string) => badRequest(`file: ${message}`, { file: message });

/** Longest a workbook may take to read before it is refused. */
const READ_TIMEOUT_MS = 120_000;

/** Runs one read in the pool; a worker out of memory or too slow is the file's fault (400). */
function run<T>(
  task: object,
  options: { name?: string; transferList?: TransferListItem[] } = {},
): Promise<T> {
  return workers()
    .run(task, { ...options, signal: AbortSignal.timeout(READ_TIMEOUT_MS) })
    .catch((error: { code?: string; name?: string }) => {
      if (error?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw fileError('The workbook is too large to read; split the file');
      if (error?.name === 'AbortError' || error?.name === 'TimeoutError')
        throw fileError('The workbook took too long to read; split the file');
      throw error;
    });
}

/**
 * The data rows of the first sheet, by template column. The header row must name every column
 * (any order), or with `anyOf` at least one of them. Any limit crossed answers 400 on `file`.
 */
export async function readSheet<Column extends string>(
  content: Buffer,
  columns: readonly Column[],
  options: { anyOf?: boolean; maxRows?: number } = {},
): Promise<SheetRow<Column>[]> {
  const request: ReadRequest = { content, columns, anyOf: options.anyOf ?? false, maxRows: options.maxRows };
  const result = await run<ReadResult>(request);
  if (!result.ok) throw fileError(result.message);
  return result.rows as SheetRow<Column>[];
}

/**
 * readSheet for a large upload: `onChunk` gets the rows a few thousand at a time while the worker
 * reads on, so checking them overlaps reading. Every column is required. Rows handed over before
 * a limit is crossed are not taken back: the read still fails (400), so the caller writes nothing
 * before this resolves. An error thrown by `onChunk` fails the read once the worker is done.
 * With `seal`, every chunk arrives with that column's cells also sealed (`sealed`).
 */
export async function streamSheet(
  content: Buffer,
  columns: readonly string[],
  options: { maxRows?: number; seal?: StreamRequest['seal'] },
  onChunk: (chunk: SheetChunk) => void,
): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  let failure: { error: unknown } | undefined;
  // A port hands over every message waiting on it in one turn of the event loop, so chunks are
  // queued as they come and checked one a turn: health checks and other requests are answered
  // between two chunks, not after the whole backlog.
  const waiting: SheetChunk[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  port1.on('message', (chunk: SheetChunk | null) => {
    if (chunk === null) ended = true;
    else waiting.push(chunk);
    wake?.();
  });
  const drained = (async () => {
    for (;;) {
      const chunk = waiting.shift();
      if (chunk) {
        try {
          if (!failure) onChunk(chunk);
        } catch (error) {
          failure = { error };
        }
        await yieldToOthers();
      } else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  })();
  try {
    const request: StreamRequest = { content, columns, anyOf: false, ...options, port: port2 };
    const result = await run<StreamResult>(request, { name: 'streamXlsx', transferList: [port2] });
    if (!result.ok) throw fileError(result.message);
    await drained;
    if (failure) throw failure.error;
  } finally {
    port1.close();
  }
}

export type { SheetChunk, SheetRow };
