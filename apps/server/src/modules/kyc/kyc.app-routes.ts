import { filesEndpoints } from '@app/contract/files';
import { kycAppEndpoints } from '@app/contract/kyc';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { IMAGE_OR_PDF, multipartLimits, receiveFile } from '../../lib/uploads';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { storeUpload } from '../files';
import { kycOfMember } from './kyc.repository';
import { submitKyc } from './kyc.service';

export const MAX_KYC_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The member app's KYC: upload document images, submit or resubmit, see the status. */
export const kycAppRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(MAX_KYC_UPLOAD_BYTES));

  route(app, filesEndpoints.memberUpload, async (request) => {
    const me = memberOf(request);
    const { content } = await receiveFile(request, { maxBytes: MAX_KYC_UPLOAD_BYTES, fallbackName: 'kyc' });
    const saved = await storeUpload(
      app,
      {
        name: `${request.query.purpose}-${me.id}`,
        content,
        purpose: request.query.purpose,
        owner: { memberId: me.id },
      },
      IMAGE_OR_PDF,
      MAX_KYC_UPLOAD_BYTES,
    );
    return { id: saved.id, contentType: saved.contentType, size: saved.size };
  });

  route(app, kycAppEndpoints.submit, async (request, reply) => {
    const me = memberOf(request);
    return sendIdempotent(
      reply,
      await submitKyc(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
    );
  });

  route(app, kycAppEndpoints.list, async (request) => kycOfMember(app.database.db, memberOf(request).id));
};
