import { type StaffUploadPurpose, staffUploadQuery, uploadedFile } from '@app/contract/files';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGES, multipartLimits, receiveFile } from '../../lib/uploads';
import { staffOf } from '../../plugins/access';
import { storeUpload } from './files.service';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What each staff purpose accepts, decided by content. */
const ACCEPTED: Record<StaffUploadPurpose, readonly string[]> = { damaged_photo: IMAGES, reward_image: IMAGES };

/**
 * Staff uploads of images and PDFs for a declared purpose (a damaged coupon's photo). There is no
 * download by file id: a file is served by the route of the record that references it, under that
 * record's permission.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(MAX_UPLOAD_BYTES));

  app.post(
    '/files',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['files'],
        summary: 'Upload a file for a purpose (checked by content; an image gets a thumbnail)',
        querystring: staffUploadQuery,
        response: { 201: uploadedFile },
      },
    },
    async (request, reply) => {
      const { name, content } = await receiveFile(request, {
        maxBytes: MAX_UPLOAD_BYTES,
        fallbackName: 'upload',
      });
      const saved = await storeUpload(
        app,
        { name, content, purpose: request.query.purpose, owner: { staffId: staffOf(request).id } },
        ACCEPTED[request.query.purpose],
        MAX_UPLOAD_BYTES,
      );
      return reply.status(201).send(saved);
    },
  );
};
