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
