/**
 * Upload limits without any schema: the sheet reader's worker imports this file alone, and loading
 * zod there would cost each new worker a few hundred milliseconds.
 */

/** Data rows per file; larger files are refused whole. */
export const MAX_UPLOAD_ROWS = 20_000;
