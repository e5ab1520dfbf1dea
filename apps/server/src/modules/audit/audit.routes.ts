import { auditEntry } from '@app/contract/audit';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../plugins/access';
import { listAudit } from './audit.repository';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      // Almond team and admin browse the whole audit log: the holders of Manage Admin.
      config: { access: page('/dashboard/manageadmin') },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, filtered',
        querystring: listQuery,
        response: { 200: listResult(auditEntry) },
      },
    },
    async (request) => listAudit(app.database.db, request.query),
  );
};
