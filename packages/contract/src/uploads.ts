import { z } from 'zod';

/** What every spreadsheet upload shares (invoices, scheme points): row errors, statuses, limits. */

export { MAX_UPLOAD_ROWS } from './upload-limits';

/** One problem in an uploaded sheet: its row number as the spreadsheet shows it, the column, why. */
export const rowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type RowError = z.infer<typeof rowError>;

/** applied: every row; has_errors: nothing applied; partially_applied: the valid rows only. */
export const UPLOAD_STATUSES = ['applied', 'has_errors', 'partially_applied'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** What an upload answers: how many rows did what, the first errors, and the full error report's id. */
export const uploadResult = z.object({
  status: z.enum(UPLOAD_STATUSES),
  rowsTotal: z.number().int(),
  /** Rows without errors: what "apply valid rows" would apply. */
  rowsValid: z.number().int(),
  rowsApplied: z.number().int(),
  rowsRejected: z.number().int(),
  /** The first errors; the error report has every bad row. */
  errors: z.array(rowError),
  errorsTotal: z.number().int(),
  /** Download through the upload's `…/upload/errors/:id` route (the uploader only). */
  errorReportId: z.number().int().nullable(),
});
export type UploadResult = z.infer<typeof uploadResult>;

/** How many errors an answer carries for display; the report has them all. */
export const SHOWN_UPLOAD_ERRORS = 50;
