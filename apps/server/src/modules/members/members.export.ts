import type { ListQuery } from '@app/contract/list';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, audit } from '../../lib/audit';

/** Member lists hold personal data: who took a copy, of which filter, is on record. */
export const auditMemberExport = (
  app: FastifyInstance,
  request: FastifyRequest & { query: ListQuery },
  status?: string,
) =>
  audit(app.database.db, actorOf(request), {
    action: 'members.exported',
    entity: 'member',
    entityId: '*',
    after: status ? { ...request.query.filter, status } : request.query.filter,
  });
