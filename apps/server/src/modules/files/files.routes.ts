import { idParams } from '@app/contract/input';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { checkUpload, IMAGE_OR_PDF } from '../../lib/uploads';
import { staffOf } from '../../plugins/access';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const storedFile = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** Uploads of images and PDFs (photos, KYC documents) for any signed-in staff member. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } });

  app.post(
    '/files',
    {
      config: { access: 'staff' },
      schema: { tags: ['files'], summary: 'Upload an image or PDF', response: { 201: storedFile } },
    },
    async (request, reply) => {
      const part = await request.file();
      if (!part) throw badRequest('file: no file was sent', { file: 'Choose a file' });
      const content = await part.toBuffer().catch(() => {
        throw badRequest('file: the file is larger than 10 MB', { file: 'The file is larger than 10 MB' });
      });
      const contentType = await checkUpload('file', content, IMAGE_OR_PDF, MAX_UPLOAD_BYTES);
      const saved = await app.files.save(
        { name: part.filename, contentType, createdBy: staffOf(request).id },
        content,
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/files/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['files'],
        summary: 'Download a file I uploaded',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await app.files.stat(request.params.id);
      // Only the uploader's own files: every other file (KYC images, reports, print files) is served
      // by its domain's route, which checks that domain's page permission.
      if (!file || file.createdBy !== staffOf(request).id) throw notFound('File');
      // Always an attachment: an uploaded file is never rendered as a page of this origin.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(app.files.open(file.id));
    },
  );
};
