import { CONTENT_PAGES } from '@app/contract/content';
import { documentBody, documentRow, documentUpdateBody } from '@app/contract/content-documents';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { fileRoutes } from './content-files';
import * as service from './documents.service';

const access = page(CONTENT_PAGES.documents);
const manage = { access: action('documents.manage') };
const tags = ['documents'];
const params = idParams;
const response = { 200: documentRow };

/** Documents: versioned terms, privacy policy, scheme rules and FAQ; draft → published. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/content/documents',
    access,
    list: service.documentList,
    row: documentRow,
    fileName: 'documents',
    tags,
    summary: 'Documents, every version',
  });
  app.get(
    '/admin/content/documents/:id',
    { config: { access }, schema: { tags, summary: 'One document version', params, response } },
    async (request) => service.getDocument(app, request.params.id),
  );
  fileRoutes(app, {
    path: '/admin/content/documents/:id/file',
    access,
    tags,
    summary: 'A document’s PDF',
    thumbnail: false,
    resolve: async (a, p) => (await service.getDocument(a, p.id)).fileId,
  });
  app.post(
    '/admin/content/documents',
    { config: manage, schema: { tags, summary: 'Write a draft version', body: documentBody, response } },
    async (request) => service.createDocument(app, actorOf(request), request.body),
  );
  app.put(
    '/admin/content/documents/:id',
    {
      config: manage,
      schema: { tags, summary: 'Edit a draft', params, body: documentUpdateBody, response },
    },
    async (request) => service.updateDocument(app, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/content/documents/:id/publish',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Publish a draft (supersedes the published version of its kind)',
        params,
        response,
      },
    },
    async (request) => service.publishDocument(app, actorOf(request), request.params.id),
  );
  app.post(
    '/admin/content/documents/:id/archive',
    { config: manage, schema: { tags, summary: 'Archive a draft or superseded version', params, response } },
    async (request) => service.archiveDocument(app, actorOf(request), request.params.id),
  );
};
