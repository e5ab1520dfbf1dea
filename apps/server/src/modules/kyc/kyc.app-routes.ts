import { kycMasked, kycSubmitBody } from '@app/contract/kyc';
import { idempotencyHeaders, memberUpload } from '@app/contract/member-app';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberFiles } from '../../db/schema/members';
import { badRequest } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { checkUpload, IMAGE_OR_PDF } from '../../lib/uploads';
import { memberOf } from '../../plugins/access';
import { kycOfMember } from './kyc.repository';
import { submitKyc } from './kyc.service';

export const MAX_KYC_UPLOAD_BYTES = 5 * 1024 * 1024;
const tags = ['member app'];
const tooLarge = 'The file is larger than 5 MB';

/** The member app's KYC: upload document images, submit or resubmit, see the status. */
export const kycAppRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_KYC_UPLOAD_BYTES + 1, files: 1 } });

  app.post(
    '/app/uploads',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Upload a KYC image or PDF (checked by content, 5 MB at most)',
        response: { 201: memberUpload },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const part = await request.file();
      if (!part) throw badRequest('file: no file was sent', { file: 'Choose a file' });
      const content = await part.toBuffer().catch(() => {
        throw badRequest(`file: ${tooLarge}`, { file: tooLarge });
      });
      const contentType = await checkUpload('file', content, IMAGE_OR_PDF, MAX_KYC_UPLOAD_BYTES);
      const saved = await app.files.save({ name: `kyc-${me.id}`, contentType, createdBy: null }, content);
      await app.database.db.insert(memberFiles).values({ fileId: saved.id, memberId: me.id });
      return reply.status(201).send({ id: saved.id, contentType, size: saved.size });
    },
  );

  app.post(
    '/app/kyc',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Submit or resubmit KYC (Aadhaar last four digits only; PAN and account are encrypted)',
        headers: idempotencyHeaders,
        body: kycSubmitBody,
        response: { 200: kycMasked },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      return sendIdempotent(
        reply,
        await submitKyc(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
      );
    },
  );

  app.get(
    '/app/kyc',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My KYC submissions, newest first, masked',
        response: { 200: z.array(kycMasked) },
      },
    },
    async (request) => kycOfMember(app.database.db, memberOf(request).id),
  );
};
