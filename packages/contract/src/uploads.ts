import { z } from 'zod';

/** What every spreadsheet upload shares (invoices, scheme points): row errors, statuses, limits. */

/** Data rows per file; larger files are refused whole. */
export const MAX_UPLOAD_ROWS = 20_000;

/** One problem in an uploaded sheet: its row number as the spreadsheet shows it, the column, why. */
export const rowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type RowError = z.infer<typeof rowError>;

/** applied: every row; has_errors: nothing applied; partially_applied: the valid rows only. */
export const UPLOAD_STATUSES = ['applied', 'has_errors', 'partially_applied'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
