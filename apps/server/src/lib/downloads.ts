import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The headers of every download: always an attachment (a stored file is never rendered as a page of
 * this origin), a file name any browser keeps, no content sniffing, and no caching of personal files.
 */

/** Half of a UTF-16 pair without its other half: not text, and not encodable as UTF-8. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name safe in a header and on disk: no path, no control characters, at most 150 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(LONE_SURROGATE, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 150);
  return cleaned || 'download';
}

/** RFC 5987: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the RFC does not. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="ascii fallback"; filename*=UTF-8''utf-8 name`. */
export function contentDisposition(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`;
}

export interface Download {
  name: string;
  contentType: string;
  /** Personal data (KYC images, reports with members, a person's upload): never kept by a cache. */
  personal: boolean;
}

/** Sets the download headers on `reply`; send the body after. */
export function downloadHeaders(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', download.personal ? 'private, no-store' : 'private, no-cache');
}

type StoredFile = NonNullable<Awaited<ReturnType<FastifyInstance['files']['stat']>>>;

/**
 * A large stored file (a label PDF, a report, an error report), after the caller's permission check:
 * from a bucket, a 303 to a short-lived signed URL (the bytes never pass through the app); from the
 * database, streamed with the download headers.
 */
export async function sendStoredFile(
  app: FastifyInstance,
  reply: FastifyReply,
  file: StoredFile,
  download: Download,
): Promise<FastifyReply> {
  const signed = await app.files.signedUrl(file, download);
  if (signed) return reply.header('cache-control', 'private, no-store').redirect(signed, 303);
  return downloadHeaders(reply, download).header('content-length', file.size).send(app.files.open(file));
}
