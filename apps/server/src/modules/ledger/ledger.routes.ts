import { ledgerEntry } from '@app/contract/ledger';
import { listQuery, listResult } from '@app/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { sendListExport } from '../../lib/list-export';
import { page } from '../../plugins/access';
import { LEDGER_EXPORT_COLUMNS } from './ledger.export';
import { listLedger } from './ledger.repository';

const access = page('/dashboard/QrPointHistories');
const tags = ['ledger'];

/** QR Points History: ledger entries of every kind, filtered by kind, member and date. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/admin/ledger',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Points ledger entries',
        querystring: listQuery,
        response: { 200: listResult(ledgerEntry) },
      },
    },
    async (request) => listLedger(db, request.query),
  );
  app.get(
    '/admin/ledger/export',
    { config: { access }, schema: { tags, summary: 'The current filter as xlsx', querystring: listQuery } },
    async (request, reply) => {
      await audit(db, actorOf(request), {
        action: 'ledger.exported',
        entity: 'ledger',
        entityId: '*',
        after: request.query.filter,
      });
      return sendListExport(reply, 'points-ledger', LEDGER_EXPORT_COLUMNS, request.query, (q) =>
        listLedger(db, q),
      );
    },
  );
};
