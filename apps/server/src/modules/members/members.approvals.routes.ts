import { memberDecisionBody, memberDecisionResult, memberRejectBody, memberRow } from '@app/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { auditMemberExport } from './members.export';
import { memberList } from './members.repository';
import { decideMembers } from './members.service';

const tags = ['approvals'];

/** Pending User (approve/reject, one or many) and Rejected User (re-approve). */
export const memberApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = [
    { path: '/admin/pending-users', status: 'pending', access: page('/dashboard/approvals/pending_user') },
    { path: '/admin/rejected-users', status: 'rejected', access: page('/dashboard/approvals/rejected_user') },
  ];
  for (const { path, status, access } of lists) {
    listRoutes(app, {
      path,
      access,
      list: memberList,
      row: memberRow,
      fileName: `${status}-members`,
      tags,
      summary: `Members ${status}`,
      fixedFilter: { status },
      beforeExport: (request) => auditMemberExport(app, request, status),
    });
  }

  app.post(
    '/admin/pending-users/approve',
    {
      config: { access: action('members.decide') },
      schema: {
        tags,
        summary: 'Approve one or many pending members',
        body: memberDecisionBody,
        response: { 200: memberDecisionResult },
      },
    },
    async (request) => decideMembers(app, actorOf(request), 'approve', request.body.ids, request.body.reason),
  );
  app.post(
    '/admin/pending-users/reject',
    {
      config: { access: action('members.decide') },
      schema: {
        tags,
        summary: 'Reject one or many pending members (reason required)',
        body: memberRejectBody,
        response: { 200: memberDecisionResult },
      },
    },
    async (request) => decideMembers(app, actorOf(request), 'reject', request.body.ids, request.body.reason),
  );
  app.post(
    '/admin/rejected-users/reapprove',
    {
      config: { access: action('members.reapprove') },
      schema: {
        tags,
        summary: 'Re-approve one or many rejected members',
        body: memberDecisionBody,
        response: { 200: memberDecisionResult },
      },
    },
    async (request) =>
      decideMembers(app, actorOf(request), 'reapprove', request.body.ids, request.body.reason),
  );
};
