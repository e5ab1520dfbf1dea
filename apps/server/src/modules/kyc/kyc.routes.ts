import { idParams } from '@app/contract/input';
import {
  KYC_DOCUMENTS,
  kycApproveBody,
  kycDetail,
  kycRejectBody,
  kycRevealBody,
  kycRevealed,
  kycRow,
} from '@app/contract/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, audit } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes } from '../../lib/lists/routes';
import { action, page, staffOf } from '../../plugins/access';
import { openStored } from '../files/files.service';
import { findKycRow, isDecided, isSubmitted, kycList, kycQueueList } from './kyc.repository';
import * as service from './kyc.service';

const claimActions = { claim: service.claim, release: service.release };

const verification = page('/dashboard/approvals/kyc_verification');
const deciding = action('kyc.decide');
const history = page('/dashboard/approvals/kyc_history');
const tags = ['kyc'];
const params = idParams;
const reviewer = (request: Parameters<typeof actorOf>[0]) => ({
  ...actorOf(request),
  id: staffOf(request).id,
});

/** KYC Verification (queue, claim, decide, documents, reveal) and KYC History. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  listRoutes(app, {
    path: '/admin/kyc',
    access: verification,
    list: kycQueueList,
    row: kycRow,
    fileName: 'kyc-queue',
    tags,
    summary: 'The review queue, oldest first by default',
    scope: () => isSubmitted,
  });

  listRoutes(app, {
    path: '/admin/kyc-history',
    access: history,
    list: kycList,
    row: kycRow,
    fileName: 'kyc-history',
    tags,
    summary: 'Every KYC decision',
    scope: () => isDecided,
    beforeExport: (request) =>
      audit(db, actorOf(request), {
        action: 'kyc.exported',
        entity: 'kyc',
        entityId: '*',
        after: request.query.filter,
      }),
  });

  app.get(
    '/admin/kyc/:id',
    {
      config: { access: verification },
      schema: { tags, summary: 'One submission, numbers masked', params, response: { 200: kycDetail } },
    },
    async (request) => {
      const row = await findKycRow(db, request.params.id);
      if (!row) throw notFound('KYC submission');
      return { ...row, documents: [...KYC_DOCUMENTS] };
    },
  );

  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/kyc/:id/documents/:doc${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access: verification },
        schema: {
          tags,
          summary: `A document ${variant === 'thumbnail' ? 'thumbnail' : 'image'} of the submission (an attachment)`,
          params: params.extend({ doc: z.enum(KYC_DOCUMENTS) }),
        },
      },
      async (request, reply) => {
        const { id, doc } = request.params;
        const fileId = await service.documentFileId(app, id, doc);
        const { file, stream } = await openStored(app, fileId, 'Document', variant);
        const name = `${doc}-${id}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
        return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
      },
    );

  for (const action of ['claim', 'release'] as const) {
    app.post(
      `/admin/kyc/:id/${action}`,
      {
        config: { access: deciding },
        schema: {
          tags,
          summary: action === 'claim' ? 'Take for review' : 'Give back to the queue',
          params,
          response: { 200: kycRow },
        },
      },
      async (request) => claimActions[action](app, reviewer(request), request.params.id),
    );
  }

  app.post(
    '/admin/kyc/:id/approve',
    {
      config: { access: deciding },
      schema: {
        tags,
        summary: 'Approve a claimed submission',
        params,
        body: kycApproveBody,
        response: { 200: kycRow },
      },
    },
    async (request) =>
      service.decide(app, reviewer(request), request.params.id, { result: 'approved', ...request.body }),
  );

  app.post(
    '/admin/kyc/:id/reject',
    {
      config: { access: deciding },
      schema: {
        tags,
        summary: 'Reject with a reason from the list',
        params,
        body: kycRejectBody,
        response: { 200: kycRow },
      },
    },
    async (request) =>
      service.decide(app, reviewer(request), request.params.id, { result: 'rejected', ...request.body }),
  );

  app.post(
    '/admin/kyc/:id/reveal',
    {
      config: { access: action('kyc.reveal') },
      schema: {
        tags,
        summary: 'Show a full PAN or account number (audited)',
        params,
        body: kycRevealBody,
        response: { 200: kycRevealed },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.reveal(app, actorOf(request), request.params.id, request.body.field);
    },
  );
};
