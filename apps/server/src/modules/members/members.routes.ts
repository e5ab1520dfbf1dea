import { auditEntry } from '@app/contract/audit';
import { kycMasked } from '@app/contract/kyc';
import { ledgerEntry } from '@app/contract/ledger';
import { listQuery, listResult } from '@app/contract/list';
import { blockBody, memberDetail, memberRow } from '@app/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { sendListExport } from '../../lib/list-export';
import { action, page } from '../../plugins/access';
import { historyOf } from '../audit/audit.history';
import { kycOfMember } from '../kyc/kyc.repository';
import { listLedger } from '../ledger/ledger.repository';
import { MEMBER_EXPORT_COLUMNS } from './members.export';
import { findMemberDetail, listMembers } from './members.repository';
import { changeOne } from './members.service';

const access = page('/dashboard/users');
const blocking = action('members.block');
const tags = ['members'];
const params = z.object({ id: z.coerce.number().int().positive() });

/** All Users: every member, the detail view's tabs, block/unblock, export of the current filter. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const detail = async (id: number) => (await findMemberDetail(db, id)) ?? Promise.reject(notFound('Member'));

  app.get(
    '/admin/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Members, filtered',
        querystring: listQuery,
        response: { 200: listResult(memberRow) },
      },
    },
    async (request) => listMembers(db, request.query),
  );

  app.get(
    '/admin/users/export',
    { config: { access }, schema: { tags, summary: 'The current filter as xlsx', querystring: listQuery } },
    async (request, reply) => {
      await audit(db, actorOf(request), {
        action: 'members.exported',
        entity: 'member',
        entityId: '*',
        after: request.query.filter,
      });
      return sendListExport(reply, 'members', MEMBER_EXPORT_COLUMNS, request.query, (q) =>
        listMembers(db, q),
      );
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { access },
      schema: { tags, summary: 'One member: profile tab', params, response: { 200: memberDetail } },
    },
    async (request) => detail(request.params.id),
  );

  app.get(
    '/admin/users/:id/ledger',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Ledger tab',
        params,
        querystring: listQuery,
        response: { 200: listResult(ledgerEntry) },
      },
    },
    async (request) => {
      await detail(request.params.id);
      return listLedger(db, {
        ...request.query,
        filter: { ...request.query.filter, memberId: request.params.id },
      });
    },
  );

  app.get(
    '/admin/users/:id/kyc',
    {
      config: { access },
      schema: { tags, summary: 'KYC tab (masked)', params, response: { 200: z.array(kycMasked) } },
    },
    async (request) => {
      await detail(request.params.id);
      return kycOfMember(db, request.params.id);
    },
  );

  app.get(
    '/admin/users/:id/history',
    {
      config: { access },
      schema: { tags, summary: 'History tab (audit)', params, response: { 200: z.array(auditEntry) } },
    },
    async (request) => {
      await detail(request.params.id);
      return historyOf(db, 'member', request.params.id);
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        config: { access: blocking },
        schema: {
          tags,
          summary: `${action === 'block' ? 'Block' : 'Unblock'} with a reason`,
          params,
          body: blockBody,
          response: { 200: memberDetail },
        },
      },
      async (request) => changeOne(app, actorOf(request), action, request.params.id, request.body.reason),
    );
  }
};
