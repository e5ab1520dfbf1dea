import type { ListQuery } from '@app/contract/list';
import { listQuery, listResult } from '@app/contract/list';
import { memberDecisionBody, memberDecisionResult, memberRejectBody, memberRow } from '@app/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { sendListExport } from '../../lib/list-export';
import { action, page } from '../../plugins/access';
import { MEMBER_EXPORT_COLUMNS } from './members.export';
import { listMembers } from './members.repository';
import { decideMembers } from './members.service';

const tags = ['approvals'];
const withStatus = (q: ListQuery, status: string): ListQuery => ({ ...q, filter: { ...q.filter, status } });

/** Pending User (approve/reject, one or many) and Rejected User (re-approve). */
export const memberApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const lists = [
    { path: '/admin/pending-users', status: 'pending', access: page('/dashboard/approvals/pending_user') },
    { path: '/admin/rejected-users', status: 'rejected', access: page('/dashboard/approvals/rejected_user') },
  ];
  for (const { path, status, access } of lists) {
    app.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `Members ${status}`,
          querystring: listQuery,
          response: { 200: listResult(memberRow) },
        },
      },
      async (request) => listMembers(db, withStatus(request.query, status)),
    );
    app.get(
      `${path}/export`,
      { config: { access }, schema: { tags, summary: 'The current filter as xlsx', querystring: listQuery } },
      async (request, reply) => {
        await audit(db, actorOf(request), {
          action: 'members.exported',
          entity: 'member',
          entityId: '*',
          after: { ...request.query.filter, status },
        });
        return sendListExport(
          reply,
          `${status}-members`,
          MEMBER_EXPORT_COLUMNS,
          withStatus(request.query, status),
          (q) => listMembers(db, q),
        );
      },
    );
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
