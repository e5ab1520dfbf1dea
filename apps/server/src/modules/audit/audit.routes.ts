import { auditEntry } from '@app/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from '../../lib/lists/routes';
import { page } from '../../plugins/access';
import { auditList } from './audit.repository';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/audit',
    // Almond team and admin browse the whole audit log: the holders of Manage Admin.
    access: page('/dashboard/manageadmin'),
    list: auditList,
    row: auditEntry,
    fileName: 'audit-log',
    tags: ['audit'],
    summary: 'The audit log, filtered',
  });
};
