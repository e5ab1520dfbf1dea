import { idParam } from '@app/contract/input';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import type { Access } from '../../plugins/access';
import { claimFile, openStored } from '../files/files.service';

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

export interface FileRoute {
  /** e.g. `/admin/content/banners/:id/image`; `/thumbnail` is added for the second route. */
  path: string;
  access: Access;
  tags: string[];
  summary: string;
  /** The file of the record the path names, or undefined (404) when it has none or may not be seen. */
  resolve: (
    app: FastifyInstance,
    params: { id: number; fileId?: number },
    request: FastifyRequest,
  ) => Promise<number | null | undefined>;
  /** Whether the route also serves a thumbnail (images). */
  thumbnail?: boolean;
}

const params = z.object({ id: idParam, fileId: idParam.optional() });

/** Registers `path` (and `path/thumbnail`) serving the file a record references. */
export function fileRoutes(app: Parameters<FastifyPluginAsyncZod>[0], route: FileRoute) {
  const variants = route.thumbnail === false ? (['file'] as const) : (['file', 'thumbnail'] as const);
  for (const variant of variants)
    app.get(
      `${route.path}${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access: route.access },
        schema: {
          tags: route.tags,
          summary: `${route.summary}${variant === 'thumbnail' ? ' (thumbnail)' : ''}`,
          params,
        },
      },
      async (request, reply) => {
        const fileId = await route.resolve(app, request.params, request);
        if (!fileId) throw notFound(route.summary);
        return sendContentFile(app, reply, fileId, route.summary, variant);
      },
    );
}
