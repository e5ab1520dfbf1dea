import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { LONE_SURROGATE } from './downloads';
import { badRequest } from './errors';
import { checkPdf } from './pdf-active-content';

export const IMAGES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PDF = ['application/pdf'] as const;
export const IMAGE_OR_PDF = [...IMAGES, ...PDF] as const;
export const SPREADSHEET = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
] as const;

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, { [field]: message });
const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

/**
 * Decides what an upload is from its bytes, never from its name or declared type, and refuses
 * anything outside `allowed` or over `maxBytes`, and PDFs with active content (JavaScript, launch
 * actions, any action that runs by itself, embedded files, rich media, XFA; lib/pdf-active-content.ts).
 * Returns the sniffed type.
 */
export async function checkUpload(
  field: string,
  content: Buffer,
  allowed: readonly string[],
  maxBytes: number,
): Promise<string> {
  if (content.length === 0) throw refuse(field, 'The file is empty');
  if (content.length > maxBytes) throw refuse(field, `The file is larger than ${megabytes(maxBytes)}`);
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !allowed.includes(sniffed.mime))
    throw refuse(
      field,
      `Unsupported file type${sniffed ? ` (${sniffed.mime})` : ''}; allowed: ${allowed.join(', ')}`,
    );
  if (sniffed.mime === 'application/pdf') {
    const pdf = await checkPdf(content);
    if (!pdf.ok)
      throw refuse(
        field,
        `The PDF has ${pdf.found}, which is not allowed; save it as a plain PDF without scripts, attachments or protection (for example, print it to a new PDF)`,
      );
  }
  return sniffed.mime;
}

/** The size cap of spreadsheet uploads (invoices, scheme points, damaged coupon lists). */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;

/**
 * Multipart options for a route plugin taking one file of at most `maxBytes`: one byte over is
 * refused while the upload streams in, before it is held whole.
 */
export const multipartLimits = (maxBytes: number) => ({ limits: { fileSize: maxBytes + 1, files: 1 } });

/** Multipart options for a route plugin taking one spreadsheet. */
export const SHEET_MULTIPART = multipartLimits(MAX_SHEET_BYTES);

/**
 * The one file of a multipart request (field `file`), with field errors for no file, a file over
 * `maxBytes`, and a file name that is not text (NUL, other control characters, lone surrogates).
 */
export async function receiveFile(
  request: FastifyRequest,
  options: { maxBytes: number; fallbackName: string; missing?: string },
) {
  const part = request.isMultipart() ? await request.file() : undefined;
  if (!part) throw refuse('file', options.missing ?? 'Choose a file');
  const name = part.filename ?? '';
  if (/\p{Cc}/u.test(name) || new RegExp(LONE_SURROGATE.source).test(name) || name.length > 255) {
    part.file.resume();
    throw refuse('file', 'The file name has characters that are not allowed; rename the file');
  }
  const content = await part.toBuffer().catch(() => {
    throw refuse('file', `The file is larger than ${megabytes(options.maxBytes)}`);
  });
  return { name: name || options.fallbackName, content };
}

/** The spreadsheet of a multipart request (field `file`), checked by content. */
export async function receiveSpreadsheet(request: FastifyRequest, fallbackName: string) {
  const file = await receiveFile(request, {
    maxBytes: MAX_SHEET_BYTES,
    fallbackName,
    missing: 'Choose a spreadsheet',
  });
  await checkUpload('file', file.content, SPREADSHEET, MAX_SHEET_BYTES);
  return file;
}
