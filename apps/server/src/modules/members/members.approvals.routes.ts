import { memberApprovalsEndpoints } from '@app/contract/members-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { auditMemberExport } from './members.export';
import { memberList } from './members.repository';
import { decideMembers } from './members.service';

const e = memberApprovalsEndpoints;

/** Pending User (approve/reject, one or many) and Rejected User (re-approve) (contract memberApprovalsEndpoints). */
export const memberApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = [
    { endpoints: e.pending, status: 'pending' },
    { endpoints: e.rejected, status: 'rejected' },
  ];
  for (const { endpoints, status } of lists) {
    listRoutes(app, {
      endpoints,
      list: memberList,
      fileName: `${status}-members`,
      fixedFilter: { status },
      beforeExport: (request) => auditMemberExport(app, request, status),
    });
  }

  route(app, e.approve, async (request) =>
    decideMembers(app, actorOf(request), 'approve', request.body.ids, request.body.reason),
  );
  route(app, e.reject, async (request) =>
    decideMembers(app, actorOf(request), 'reject', request.body.ids, request.body.reason),
  );
  route(app, e.reapprove, async (request) =>
    decideMembers(app, actorOf(request), 'reapprove', request.body.ids, request.body.reason),
  );
};
