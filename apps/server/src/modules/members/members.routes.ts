import { auditEntry } from '@app/contract/audit';
import { idParams } from '@app/contract/input';
import { kycMasked } from '@app/contract/kyc';
import { ledgerEntry } from '@app/contract/ledger';
import { blockBody, memberDetail, memberRow } from '@app/contract/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { historyOf } from '../audit/audit.history';
import { kycOfMember } from '../kyc';
import { ledgerList, ofMember } from '../ledger';
import { auditMemberExport } from './members.export';
import { findMemberDetail, memberList } from './members.repository';
import { changeOne } from './members.service';

const access = page('/dashboard/users');
const blocking = action('members.block');
const tags = ['members'];
const params = idParams;

/** All Users: every member, the detail view's tabs, block/unblock, export of the current filter. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const detail = async (id: number) => (await findMemberDetail(db, id)) ?? Promise.reject(notFound('Member'));

  listRoutes(app, {
    path: '/admin/users',
    access,
    list: memberList,
    row: memberRow,
    fileName: 'members',
    tags,
    summary: 'Members, filtered',
    beforeExport: (request) => auditMemberExport(app, request),
  });

  app.get(
    '/admin/users/:id',
    {
      config: { access },
      schema: { tags, summary: 'One member: profile tab', params, response: { 200: memberDetail } },
    },
    async (request) => detail(request.params.id),
  );

  listRoutes(app, {
    path: '/admin/users/:id/ledger',
    access,
    list: ledgerList,
    row: ledgerEntry,
    fileName: 'member-ledger',
    tags,
    summary: 'Ledger tab',
    params,
    check: (request) => detail(pathId(request)),
    scope: (request) => ofMember(pathId(request)),
  });

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
