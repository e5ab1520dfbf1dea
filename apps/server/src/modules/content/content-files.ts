import type { Endpoint } from '@app/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { route } from '../../plugins/endpoint-routes';
import { claimFile, openStored } from '../files';

/**
 * Content images and PDFs: uploaded by staff (POST /api/files?purpose=content_image|content_document),
 * claimed by the record that references them, and served only through that record's route.
 */

/** Claims `id` for a content record when it is new to the record (an unchanged reference is kept). */
export async function claimContentFile(
  tx: Executor,
  actor: Actor,
  id: number | null | undefined,
  before: number | null | undefined,
  field: string,
  purpose: 'content_image' | 'content_document' = 'content_image',
) {
  if (!id || id === before) return;
  await claimFile(tx, id, { purpose, owner: { staffId: actor.id ?? 0 }, field });
}

/** Claims the ids of a list that were not in it before. */
export async function claimContentFiles(
  tx: Executor,
  actor: Actor,
  ids: readonly number[],
  before: readonly number[],
  field: string,
) {
  for (const id of ids) if (!before.includes(id)) await claimContentFile(tx, actor, id, null, field);
}

/** Sends a stored file (or its thumbnail) with the download headers; content is not personal. */
export async function sendContentFile(
  app: FastifyInstance,
  reply: FastifyReply,
  fileId: number | null | undefined,
  what: string,
  variant: 'file' | 'thumbnail',
) {
  const { file, stream } = await openStored(app, fileId, what, variant);
  return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: false }).send(
    stream,
  );
}

/** A file endpoint of a content record (contract `contentEndpoints`: `image.file`, `image.thumbnail`). */
type FileEndpoint = Endpoint & { method: 'GET'; file: true };

export interface FileRoute {
  /** The record's file endpoint and, for an image, its thumbnail's. */
  endpoints: { file: FileEndpoint; thumbnail?: FileEndpoint };
  /** The file of the record the path names, or undefined (404) when it has none or may not be seen. */
  resolve: (
    app: FastifyInstance,
    params: { id: number; fileId?: number },
    request: FastifyRequest,
  ) => Promise<number | null | undefined>;
}

/** Registers the declared file route (and its thumbnail) serving the file a record references. */
export function fileRoutes(app: FastifyInstance, options: FileRoute) {
  const what = options.endpoints.file.summary;
  const variants = [
    ['file', options.endpoints.file],
    ['thumbnail', options.endpoints.thumbnail],
  ] as const;
  for (const [variant, declaration] of variants)
    if (declaration)
      route(app, declaration, async (request, reply) => {
        const fileId = await options.resolve(
          app,
          request.params as unknown as { id: number; fileId?: number },
          request,
        );
        if (!fileId) throw notFound(what);
        return sendContentFile(app, reply, fileId, what, variant);
      });
}
