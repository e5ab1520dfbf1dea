import { scanRow } from '@app/contract/coupon-scans';
import { idParams } from '@app/contract/input';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponScans } from '../../db/schema/coupon-scans';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { page } from '../../plugins/access';
import { scanList } from '../coupon-scans';
import { findMemberDetail } from './members.repository';

/** All Users → member detail: the member's scans (every attempt, with its result). */
export const memberScansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  listRoutes(app, {
    path: '/admin/users/:id/scans',
    access: page('/dashboard/users'),
    list: scanList,
    row: scanRow,
    fileName: 'member-scans',
    tags: ['members'],
    summary: 'Scans tab',
    params: idParams,
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => eq(couponScans.memberId, pathId(request)),
  });
};
