import { ledgerEntry } from '@app/contract/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { page } from '../../plugins/access';
import { ledgerList } from './ledger.repository';

const access = page('/dashboard/QrPointHistories');
const tags = ['ledger'];

/** QR Points History: ledger entries of every kind, filtered by kind, member and date. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/ledger',
    access,
    list: ledgerList,
    row: ledgerEntry,
    fileName: 'points-ledger',
    tags,
    summary: 'Points ledger entries',
    beforeExport: (request) =>
      audit(app.database.db, actorOf(request), {
        action: 'ledger.exported',
        entity: 'ledger',
        entityId: '*',
        after: request.query.filter,
      }),
  });
};
