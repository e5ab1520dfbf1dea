import { auditEndpoints } from '@app/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from '../../lib/lists/routes';
import { auditList } from './audit.repository';

/** The audit log (declared in contract auditEndpoints). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: auditEndpoints, list: auditList, fileName: 'audit-log' });
};
