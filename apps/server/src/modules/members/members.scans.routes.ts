import { membersEndpoints } from '@app/contract/members-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { scanList, scansOfMember } from '../coupon-scans';
import { findMemberDetail } from './members.repository';

/** All Users → member detail: the member's scans (every attempt, with its result). */
export const memberScansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  listRoutes(app, {
    endpoints: membersEndpoints.scans,
    list: scanList,
    fileName: 'member-scans',
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => scansOfMember(pathId(request)),
  });
};
