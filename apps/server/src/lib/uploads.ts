import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors';

export const IMAGE_OR_PDF = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const SPREADSHEET = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
] as const;

/**
 * Decides what an upload is from its bytes, never from its name or declared type, and refuses
 * anything outside `allowed` or over `maxBytes`. Returns the sniffed content type.
 */
export async function checkUpload(
  field: string,
  content: Buffer,
  allowed: readonly string[],
  maxBytes: number,
): Promise<string> {
  if (content.length === 0) throw badRequest(`${field}: the file is empty`, { [field]: 'The file is empty' });
  if (content.length > maxBytes) {
    const msg = `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`;
    throw badRequest(`${field}: ${msg}`, { [field]: msg });
  }
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !allowed.includes(sniffed.mime)) {
    const msg = `Unsupported file type${sniffed ? ` (${sniffed.mime})` : ''}; allowed: ${allowed.join(', ')}`;
    throw badRequest(`${field}: ${msg}`, { [field]: msg });
  }
  return sniffed.mime;
}

/** The size cap of spreadsheet uploads (invoices, scheme points). */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
const sheetTooLarge = `The file is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB`;

/** Multipart options for a route plugin taking one spreadsheet: one byte over the cap is refused. */
export const SHEET_MULTIPART: FastifyMultipartOptions = {
  limits: { fileSize: MAX_SHEET_BYTES + 1, files: 1 },
};

/** The spreadsheet of a multipart request (field `file`), with a field error when none was sent. */
export async function receiveSpreadsheet(request: FastifyRequest, fallbackName: string) {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part) throw badRequest('file: choose a spreadsheet', { file: 'Choose a spreadsheet' });
  const content = await part.toBuffer().catch(() => {
    throw badRequest(`file: ${sheetTooLarge}`, { file: sheetTooLarge });
  });
  return { name: part.filename || fallbackName, content };
}
