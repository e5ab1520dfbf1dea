import { contentEndpoints } from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { fileRoutes } from './content-files';
import * as service from './documents.service';

/** Documents: versioned terms, privacy policy, scheme rules and FAQ; draft → published. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = contentEndpoints.documents;
  listRoutes(app, { endpoints: e, list: service.documentList, fileName: 'documents' });
  route(app, e.one, async (request) => service.getDocument(app, request.params.id));
  fileRoutes(app, {
    endpoints: { file: e.file },
    resolve: async (a, p) => (await service.getDocument(a, p.id)).fileId,
  });
  route(app, e.create, async (request) => service.createDocument(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateDocument(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.publish, async (request) => service.publishDocument(app, actorOf(request), request.params.id));
  route(app, e.archive, async (request) => service.archiveDocument(app, actorOf(request), request.params.id));
};
