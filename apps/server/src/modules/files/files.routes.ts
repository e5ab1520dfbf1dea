import { filesEndpoints, type StaffUploadPurpose } from '@app/contract/files';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGES, multipartLimits, PDF, receiveFile } from '../../lib/uploads';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { storeUpload } from './files.service';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What each staff purpose accepts, decided by content. */
const ACCEPTED: Record<StaffUploadPurpose, readonly string[]> = {
  damaged_photo: IMAGES,
  notification_image: IMAGES,
  reward_image: IMAGES,
  content_image: IMAGES,
  content_document: PDF,
};

/**
 * Staff uploads of images and PDFs for a declared purpose (a damaged coupon's photo). There is no
 * download by file id: a file is served by the route of the record that references it, under that
 * record's permission.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(MAX_UPLOAD_BYTES));

  route(app, filesEndpoints.staffUpload, async (request) => {
    const { name, content } = await receiveFile(request, {
      maxBytes: MAX_UPLOAD_BYTES,
      fallbackName: 'upload',
    });
    return storeUpload(
      app,
      { name, content, purpose: request.query.purpose, owner: { staffId: staffOf(request).id } },
      ACCEPTED[request.query.purpose],
      MAX_UPLOAD_BYTES,
    );
  });
};
