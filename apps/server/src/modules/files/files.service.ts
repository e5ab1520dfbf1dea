import type { FilePurpose, UploadedFile } from '@app/contract/files';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { badRequest, fieldError, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/uploads';
import type { FileOwner, StoredFile } from '../../plugins/storage';
import { markAttached } from './files.repository';

/** Images larger than this many pixels are refused: a small file can decode to gigabytes. */
const MAX_IMAGE_PIXELS = 40_000_000;
const THUMBNAIL_PX = 320;

/**
 * A record takes a file: only one stored for `purpose` by `owner` and attached nowhere else,
 * otherwise a 400 naming `field` (the same answer whether the file is someone else's or missing,
 * so ids cannot be probed). Call inside the transaction that stores the reference.
 */
export async function claimFile(
  tx: Executor,
  id: number,
  claim: { purpose: FilePurpose; owner: FileOwner; field: string; message?: string },
) {
  const file = await markAttached(tx, id, claim.purpose, claim.owner);
  if (!file)
    throw fieldError(
      claim.field,
      claim.message ?? 'Upload the file here first: it must be your own upload for this',
    );
  return file;
}

/** A small webp of an image, or a 400 when the bytes do not decode as the image they claim to be. */
async function thumbnailOf(field: string, content: Buffer) {
  try {
    return await sharp(content, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    const message = `The image cannot be read, or is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
    throw badRequest(`${field}: ${message}`, { [field]: message });
  }
}

/**
 * Stores an upload for `purpose`, owned by its uploader: checked by content and size, and an image
 * gets a thumbnail stored beside it.
 */
export async function storeUpload(
  app: FastifyInstance,
  upload: { name: string; content: Buffer; purpose: FilePurpose; owner: FileOwner },
  allowed: readonly string[],
  maxBytes: number,
): Promise<UploadedFile> {
  const contentType = await checkUpload('file', upload.content, allowed, maxBytes);
  const thumbnail = contentType.startsWith('image/') ? await thumbnailOf('file', upload.content) : null;
  const thumb = thumbnail
    ? await app.files.save(
        {
          name: 'thumbnail.webp',
          contentType: 'image/webp',
          purpose: 'thumbnail',
          owner: upload.owner,
          attached: true,
        },
        thumbnail,
      )
    : null;
  const saved = await app.files.save(
    {
      name: upload.name,
      contentType,
      purpose: upload.purpose,
      owner: upload.owner,
      thumbnailId: thumb?.id ?? null,
    },
    upload.content,
  );
  return {
    id: saved.id,
    name: saved.name,
    contentType,
    size: saved.size,
    purpose: upload.purpose,
    hasThumbnail: thumb !== null,
  };
}

/** A record's stored file (or its thumbnail) with its content stream, or 404 naming what is missing. */
export async function openStored(
  app: FastifyInstance,
  fileId: number | null | undefined,
  what: string,
  variant: 'file' | 'thumbnail' = 'file',
): Promise<{ file: StoredFile; stream: NodeJS.ReadableStream }> {
  const original = fileId ? await app.files.stat(fileId) : undefined;
  const id = variant === 'thumbnail' ? original?.thumbnailId : original?.id;
  const file = id ? await app.files.stat(id) : undefined;
  if (!file) throw notFound(variant === 'thumbnail' ? `${what} thumbnail` : what);
  return { file, stream: app.files.open(file) };
}
