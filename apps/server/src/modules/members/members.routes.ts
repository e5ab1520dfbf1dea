import { membersEndpoints } from '@app/contract/members-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { kycOfMember } from '../kyc';
import { ledgerList, ofMember } from '../ledger';
import { auditMemberExport } from './members.export';
import { findMemberDetail, memberList } from './members.repository';
import { changeOne } from './members.service';

const e = membersEndpoints;

/** All Users (contract membersEndpoints): every member, the detail view's tabs, block/unblock, export of the current filter. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const detail = async (id: number) => (await findMemberDetail(db, id)) ?? Promise.reject(notFound('Member'));

  listRoutes(app, {
    endpoints: e,
    list: memberList,
    fileName: 'members',
    beforeExport: (request) => auditMemberExport(app, request),
  });
  route(app, e.one, async (request) => detail(request.params.id));
  listRoutes(app, {
    endpoints: e.ledger,
    list: ledgerList,
    fileName: 'member-ledger',
    check: (request) => detail(pathId(request)),
    scope: (request) => ofMember(pathId(request)),
  });
  route(app, e.kyc, async (request) => {
    await detail(request.params.id);
    return kycOfMember(db, request.params.id);
  });
  route(app, e.history, async (request) => {
    await detail(request.params.id);
    return historyOf(db, 'member', request.params.id);
  });
  for (const action of ['block', 'unblock'] as const)
    route(app, e[action], async (request) =>
      changeOne(app, actorOf(request), action, request.params.id, request.body.reason),
    );
};
