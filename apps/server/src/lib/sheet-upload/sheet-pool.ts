import { Piscina } from 'piscina';
import { badRequest } from '../errors';
import type { ReadRequest, ReadResult, SheetRow } from './read-xlsx';

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

/**
 * The data rows of the first sheet, by template column. The header row must name every column
 * (any order), or with `anyOf` at least one of them. Any limit crossed answers 400 on `file`.
 */
export async function readSheet<Column extends string>(
  content: Buffer,
  columns: readonly Column[],
  options: { anyOf?: boolean; maxRows?: number } = {},
): Promise<SheetRow<Column>[]> {
  const request: ReadRequest = {
    content,
    columns,
    anyOf: options.anyOf ?? false,
    maxRows: options.maxRows,
  };
  const result: ReadResult = await workers()
    .run(request, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) })
    .catch((error: { code?: string; name?: string }) => {
      if (error?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw fileError('The workbook is too large to read; split the file');
      if (error?.name === 'AbortError' || error?.name === 'TimeoutError')
        throw fileError('The workbook took too long to read; split the file');
      throw error;
    });
  if (!result.ok) throw fileError(result.message);
  return result.rows as SheetRow<Column>[];
}

export type { SheetRow };
