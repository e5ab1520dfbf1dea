import {
  KYC_DOCUMENTS,
  kycApproveBody,
  kycDetail,
  kycRejectBody,
  kycRevealBody,
  kycRevealed,
  kycRow,
} from '@app/contract/kyc';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { sendListExport } from '../../lib/list-export';
import { action, page, staffOf } from '../../plugins/access';
import { KYC_EXPORT_COLUMNS } from './kyc.export';
import { findKycRow, historyQuery, listKyc, queueQuery } from './kyc.repository';
import * as service from './kyc.service';

const claimActions = { claim: service.claim, release: service.release };

const verification = page('/dashboard/approvals/kyc_verification');
const deciding = action('kyc.decide');
const history = page('/dashboard/approvals/kyc_history');
const tags = ['kyc'];
const params = z.object({ id: z.coerce.number().int().positive() });
const reviewer = (request: Parameters<typeof actorOf>[0]) => ({
  ...actorOf(request),
  id: staffOf(request).id,
});

/** KYC Verification (queue, claim, decide, documents, reveal) and KYC History. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/admin/kyc',
    {
      config: { access: verification },
      schema: {
        tags,
        summary: 'The review queue, oldest first by default',
        querystring: listQuery,
        response: { 200: listResult(kycRow) },
      },
    },
    async (request) => listKyc(db, queueQuery(request.query)),
  );

  app.get(
    '/admin/kyc/export',
    {
      config: { access: verification },
      schema: { tags, summary: 'The queue with the current filter as xlsx', querystring: listQuery },
    },
    async (request, reply) =>
      sendListExport(reply, 'kyc-queue', KYC_EXPORT_COLUMNS, queueQuery(request.query), (q) =>
        listKyc(db, q),
      ),
  );

  app.get(
    '/admin/kyc-history',
    {
      config: { access: history },
      schema: {
        tags,
        summary: 'Every KYC decision',
        querystring: listQuery,
        response: { 200: listResult(kycRow) },
      },
    },
    async (request) => listKyc(db, historyQuery(request.query)),
  );

  app.get(
    '/admin/kyc-history/export',
    {
      config: { access: history },
      schema: { tags, summary: 'Decisions with the current filter as xlsx', querystring: listQuery },
    },
    async (request, reply) => {
      await audit(db, actorOf(request), {
        action: 'kyc.exported',
        entity: 'kyc',
        entityId: '*',
        after: request.query.filter,
      });
      return sendListExport(reply, 'kyc-history', KYC_EXPORT_COLUMNS, historyQuery(request.query), (q) =>
        listKyc(db, q),
      );
    },
  );

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

  app.get(
    '/admin/kyc/:id/documents/:doc',
    {
      config: { access: verification },
      schema: {
        tags,
        summary: 'A document image of the submission (served as an attachment)',
        params: params.extend({ doc: z.enum(KYC_DOCUMENTS) }),
      },
    },
    async (request, reply) => {
      const file = await app.files.stat(
        await service.documentFileId(app, request.params.id, request.params.doc),
      );
      if (!file) throw notFound('Document');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${request.params.doc}-${request.params.id}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(app.files.open(file.id));
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
