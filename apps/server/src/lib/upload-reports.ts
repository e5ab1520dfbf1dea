import { type EndpointAccess, endpoint } from '@app/contract/endpoint';
import type { UploadEndpoints } from '@app/contract/endpoint-kits';
import type { UploadErrorPurpose } from '@app/contract/files';
import { idParams } from '@app/contract/input';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { type RowError, SHOWN_UPLOAD_ERRORS, type UploadResult } from '@app/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../plugins/access';
import { route } from '../plugins/endpoint-routes';
import { type Actor, actorOf } from './audit';
import { sendStoredFile } from './downloads';
import { notFound } from './errors';
import { badRowsReport, type SheetRow } from './sheets';

/**
 * The bad rows of an upload as a spreadsheet the uploader can fix and send again, stored for them
 * alone (housekeeping removes it after a few days); null when there is nothing wrong. Call it
 * before the upload's transaction: file writes never sit inside one.
 */
export async function storeErrorReport<Column extends string>(
  app: FastifyInstance,
  actor: Actor,
  report: {
    purpose: UploadErrorPurpose;
    name: string;
    columns: readonly Column[];
    rows: SheetRow<Column>[];
    errors: RowError[];
  },
): Promise<number | null> {
  if (report.errors.length === 0) return null;
  const stored = await app.files.save(
    {
      name: report.name,
      contentType: XLSX_CONTENT_TYPE,
      purpose: report.purpose,
      owner: { staffId: actor.id! },
      attached: true,
    },
    await badRowsReport(report.columns, report.rows, report.errors),
  );
  return stored.id;
}

/** The answer of an upload: rows checked, applied and refused, the first errors and the report. */
export function uploadOutcome(counts: {
  rowsTotal: number;
  rowsValid: number;
  rowsApplied: number;
  errors: RowError[];
  errorReportId: number | null;
}): UploadResult {
  const { rowsTotal, rowsValid, rowsApplied, errors, errorReportId } = counts;
  return {
    status: errors.length === 0 ? 'applied' : rowsApplied > 0 ? 'partially_applied' : 'has_errors',
    rowsTotal,
    rowsValid,
    rowsApplied,
    rowsRejected: rowsTotal - rowsApplied,
    errors: errors.slice(0, SHOWN_UPLOAD_ERRORS),
    errorsTotal: errors.length,
    errorReportId,
  };
}

/** `GET <path>/:id`: an upload's error report, for the staff member who uploaded the file only. */
export function errorReportRoute(
  app: FastifyInstance,
  options:
    | { endpoint: UploadEndpoints['errors']; purpose: UploadErrorPurpose }
    | { path: string; access: Access; purpose: UploadErrorPurpose; tags: string[] },
) {
  const declaration =
    'endpoint' in options
      ? options.endpoint
      : endpoint({
          method: 'GET',
          path: `${options.path}/:id` as `/${string}`,
          access: options.access as EndpointAccess,
          tags: options.tags,
          summary: 'The error report of my upload (xlsx)',
          params: idParams,
          file: true,
        });
  route(app, declaration, async (request, reply) => {
    const file = await app.files.stat(request.params.id);
    if (file?.purpose !== options.purpose || file.ownerStaffId !== actorOf(request).id)
      throw notFound('Error report');
    return sendStoredFile(app, reply, file, {
      name: file.name,
      contentType: file.contentType,
      personal: true,
    });
  });
}
