import {
  BDE_ENTITY,
  BDES_PAGE,
  bdeAssignBody,
  bdeCreateBody,
  bdeMemberRow,
  bdeMoveBody,
  bdeMoveResult,
  bdePasswordBody,
  bdeRow,
  bdesEndpoints,
  bdeUpdateBody,
} from '@app/contract/employees';
import { BDA_ACTIVITY_PAGE, MAX_MAP_POINTS, visitPoint, visitRow } from '@app/contract/field';
import { idParams } from '@app/contract/input';
import { listQuery } from '@app/contract/list';
import { and } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { conditionsOf } from '../../lib/lists/filters';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit/audit.history';
import { openStored } from '../files/files.service';
import * as service from './bdes.service';
import { findVisit, visitList, visitPoints } from './visits.repository';

const params = idParams;
const access = page(BDES_PAGE);
const activity = page(BDA_ACTIVITY_PAGE);
const tags = ['bdes'];

/** BDE Management (territories, targets, passwords, members) and BDA Activity (visits, map, photos). */
export const bdesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/bdes',
    access,
    list: service.bdeList,
    row: bdeRow,
    fileName: 'bdes',
    tags,
    summary: 'BDEs with territory, target and this month’s onboarding',
  });

  listRoutes(app, {
    path: '/admin/bde-members',
    access,
    list: service.bdeMemberList,
    row: bdeMemberRow,
    fileName: 'bde-members',
    tags,
    summary: 'Members with their BDE (the member picker and a BDE’s assigned members)',
  });

  route(app, bdesEndpoints.options, async () => service.bdeOptions(app));
  route(app, bdesEndpoints.history, async (request) => {
    await service.getBde(app, request.params.id);
    return historyOf(app.database.db, BDE_ENTITY, request.params.id);
  });

  app.get(
    '/admin/bdes/:id',
    { config: { access }, schema: { tags, summary: 'One BDE', params, response: { 200: bdeRow } } },
    async (request) => service.getBde(app, request.params.id),
  );

  app.post(
    '/admin/bdes',
    {
      config: { access: action('bdes.manage') },
      schema: {
        tags,
        summary: 'Make an employee a BDE: territory, monthly target and field-app password',
        body: bdeCreateBody,
        response: { 200: bdeRow },
      },
    },
    async (request) => service.createBde(app, actorOf(request), request.body),
  );

  app.put(
    '/admin/bdes/:id',
    {
      config: { access: action('bdes.manage') },
      schema: {
        tags,
        summary: 'Change territory, target or field-app status',
        params,
        body: bdeUpdateBody,
        response: { 200: bdeRow },
      },
    },
    async (request) => service.updateBde(app, actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/admin/bdes/:id/password',
    {
      config: { access: action('bdes.password') },
      schema: {
        tags,
        summary: 'Set or reset the field-app password (signs the BDE out of the field app)',
        params,
        body: bdePasswordBody,
        response: { 200: bdeRow },
      },
    },
    async (request) => service.setPassword(app, actorOf(request), request.params.id, request.body.password),
  );

  app.post(
    '/admin/bdes/:id/members',
    {
      config: { access: action('bdes.assign') },
      schema: {
        tags,
        summary: 'Assign members to this BDE',
        params,
        body: bdeAssignBody,
        response: { 200: bdeMoveResult },
      },
    },
    async (request) =>
      service.assignMembers(app, actorOf(request), request.params.id, request.body.memberIds),
  );

  app.post(
    '/admin/bdes/:id/members/move',
    {
      config: { access: action('bdes.assign') },
      schema: {
        tags,
        summary: 'Move members of this BDE (the given ones, or all) to another BDE',
        params,
        body: bdeMoveBody,
        response: { 200: bdeMoveResult },
      },
    },
    async (request) => service.moveMembers(app, actorOf(request), request.params.id, request.body),
  );

  // ---- BDA Activity ----
  listRoutes(app, {
    path: '/admin/field-visits',
    access: activity,
    list: visitList,
    row: visitRow,
    fileName: 'bda-activity',
    tags,
    summary: 'Visits from the field app',
  });

  app.get(
    '/admin/field-visits/map',
    {
      config: { access: activity },
      schema: {
        tags,
        summary: `Check-ins of the current filter for the map (the newest ${MAX_MAP_POINTS})`,
        querystring: listQuery.pick({ filter: true }),
        response: { 200: z.object({ points: z.array(visitPoint), truncated: z.boolean() }) },
      },
    },
    async (request) => {
      const where = and(visitList.where, conditionsOf(visitList.filters, request.query.filter));
      const points = await visitPoints(app.database.db, where, MAX_MAP_POINTS + 1);
      return { points: points.slice(0, MAX_MAP_POINTS), truncated: points.length > MAX_MAP_POINTS };
    },
  );

  app.get(
    '/admin/field-visits/:id',
    {
      config: { access: activity },
      schema: { tags, summary: 'One visit', params, response: { 200: visitRow } },
    },
    async (request) => {
      const visit = await findVisit(app.database.db, request.params.id);
      if (!visit) throw notFound('Visit');
      return visit;
    },
  );

  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/field-visits/:id/photos/:fileId${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access: activity },
        schema: {
          tags,
          summary: `A photo of the visit${variant === 'thumbnail' ? ' (thumbnail)' : ''}`,
          params: z.object({ id: idParams.shape.id, fileId: idParams.shape.id }),
        },
      },
      async (request, reply) => {
        const visit = await findVisit(app.database.db, request.params.id);
        if (!visit?.photoIds.includes(request.params.fileId)) throw notFound('Photo');
        const { file, stream } = await openStored(app, request.params.fileId, 'Photo', variant);
        return downloadHeaders(reply, {
          name: file.name,
          contentType: file.contentType,
          personal: true,
        }).send(stream);
      },
    );
};
