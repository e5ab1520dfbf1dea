import { createInflateRaw } from 'node:zlib';

/**
 * Just enough of the zip format to read an xlsx without trusting it: the central directory gives
 * where each part lives; a part is inflated as a stream, counting bytes as they come, so a part
 * that inflates past its budget is abandoned at that point instead of being held whole.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** Raised for anything that is not a plain, readable zip; the message is shown to the user. */
export class SheetLimitError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const notXlsx = () => new SheetLimitError('The file is not a readable .xlsx workbook');
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw notXlsx();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw notXlsx();
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 1)
      throw new SheetLimitError('The workbook is password-protected; save it without a password');
    entries.set(name.replace(/^\//, ''), {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return entries;
}

/** The inflated bytes of one part, chunk by chunk; stops with SheetLimitError past `maxBytes`. */
export async function* entryChunks(zip: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<Buffer> {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
    throw new SheetLimitError('The file is not a readable .xlsx workbook');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  const tooBig = () =>
    new SheetLimitError(
      `The workbook's ${entry.name} unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MB; split the file`,
    );
  if (entry.method === 0) {
    if (data.length > maxBytes) throw tooBig();
    yield data;
    return;
  }
  if (entry.method !== 8) throw new SheetLimitError('The workbook uses an unsupported compression');
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw tooBig();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof SheetLimitError) throw error;
    throw new SheetLimitError('The file is not a readable .xlsx workbook');
  } finally {
    inflater.destroy();
  }
}
