import { KYC_DOCUMENTS, kycEndpoints } from '@app/contract/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { openStored } from '../files';
import { kycDuplicates } from '../fraud-rules';
import { findKycRow, isDecided, isSubmitted, kycList, kycQueueList } from './kyc.repository';
import * as service from './kyc.service';

const e = kycEndpoints;
const reviewer = (request: Parameters<typeof actorOf>[0]) => ({
  ...actorOf(request),
  id: staffOf(request).id,
});

/** KYC Verification (queue, claim, decide, documents, reveal) and KYC History (contract kycEndpoints). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  listRoutes(app, {
    endpoints: e.queue,
    list: kycQueueList,
    fileName: 'kyc-queue',
    scope: () => isSubmitted,
  });
  listRoutes(app, {
    endpoints: e.history,
    list: kycList,
    fileName: 'kyc-history',
    scope: () => isDecided,
    beforeExport: (request) =>
      audit(db, actorOf(request), {
        action: 'kyc.exported',
        entity: 'kyc',
        entityId: '*',
        after: request.query.filter,
      }),
  });

  route(app, e.one, async (request) => {
    const row = await findKycRow(db, request.params.id);
    if (!row) throw notFound('KYC submission');
    return { ...row, documents: [...KYC_DOCUMENTS], duplicates: await kycDuplicates(db, row.id) };
  });

  for (const [declaration, variant] of [
    [e.document, 'file'],
    [e.documentThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const { id, doc } = request.params;
      const fileId = await service.documentFileId(app, id, doc);
      const { file, stream } = await openStored(app, fileId, 'Document', variant);
      const name = `${doc}-${id}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
      return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
    });

  route(app, e.claim, async (request) => service.claim(app, reviewer(request), request.params.id));
  route(app, e.release, async (request) => service.release(app, reviewer(request), request.params.id));
  route(app, e.approve, async (request) =>
    service.decide(app, reviewer(request), request.params.id, { result: 'approved', ...request.body }),
  );
  route(app, e.reject, async (request) =>
    service.decide(app, reviewer(request), request.params.id, { result: 'rejected', ...request.body }),
  );
  route(app, e.reveal, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.reveal(app, actorOf(request), request.params.id, request.body.field);
  });
};
