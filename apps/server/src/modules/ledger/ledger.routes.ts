import { ledgerEndpoints } from '@app/contract/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { ledgerList } from './ledger.repository';

/** QR Points History (contract ledgerEndpoints): ledger entries of every kind, filtered by kind, member and date. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    endpoints: ledgerEndpoints,
    list: ledgerList,
    fileName: 'points-ledger',
    beforeExport: (request) =>
      audit(app.database.db, actorOf(request), {
        action: 'ledger.exported',
        entity: 'ledger',
        entityId: '*',
        after: request.query.filter,
      }),
  });
};
