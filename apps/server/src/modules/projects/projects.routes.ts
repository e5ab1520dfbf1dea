import { auditEntry } from '@app/contract/audit';
import { bulkDecisionResult } from '@app/contract/decisions';
import { idParam, idParams } from '@app/contract/input';
import {
  PROJECTS_PAGE,
  projectApproveBody,
  projectBonusSettingBody,
  projectBonusSettingRow,
  projectBulkBody,
  projectDetail,
  projectRejectBody,
  projectRow,
} from '@app/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { historyOf } from '../audit/audit.history';
import { findMemberDetail } from '../members';
import { bonusHistory, ofMember, projectList } from './projects.repository';
import * as service from './projects.service';

const access = page(PROJECTS_PAGE);
const deciding = action('projects.decide');
const tags = ['projects'];
const params = idParams;

/** Project Registration: list, export, detail with photos and history, decisions, the bonus setting. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  listRoutes(app, {
    path: '/admin/projects',
    access,
    list: projectList,
    row: projectRow,
    fileName: 'projects',
    tags,
    summary: 'Projects members registered',
  });

  // All Users → member detail: the member's projects.
  listRoutes(app, {
    path: '/admin/users/:id/projects',
    access: page('/dashboard/users'),
    list: projectList,
    row: projectRow,
    fileName: 'member-projects',
    tags: ['members'],
    summary: 'Projects tab',
    params,
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => ofMember(pathId(request)),
  });

  app.get(
    '/admin/projects/bonus-settings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Project bonus points: history, in force flagged (none: no bonus)',
        response: { 200: z.array(projectBonusSettingRow) },
      },
    },
    async () => bonusHistory(db),
  );
  app.post(
    '/admin/projects/bonus-settings',
    {
      config: { access: action('projects.configure') },
      schema: {
        tags,
        summary: 'Set the project bonus points from a date',
        body: projectBonusSettingBody,
        response: { 200: z.array(projectBonusSettingRow) },
      },
    },
    async (request) => service.addBonusSetting(app, actorOf(request), request.body),
  );

  app.get(
    '/admin/projects/:id',
    {
      config: { access },
      schema: { tags, summary: 'One project with its photos', params, response: { 200: projectDetail } },
    },
    async (request) => service.projectDetail(db, request.params.id),
  );
  app.get(
    '/admin/projects/:id/history',
    {
      config: { access },
      schema: {
        tags,
        summary: 'History of the project (audit)',
        params,
        response: { 200: z.array(auditEntry) },
      },
    },
    async (request) => {
      await service.loadProject(db, request.params.id);
      return historyOf(db, service.PROJECT_ENTITY, request.params.id);
    },
  );
  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/projects/:id/photos/:fileId${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `A photo of the project${variant === 'thumbnail' ? ' (thumbnail)' : ''} (an attachment)`,
          params: params.extend({ fileId: idParam }),
        },
      },
      async (request, reply) => {
        const { id, fileId } = request.params;
        const { file, stream } = await service.projectPhoto(app, id, fileId, variant);
        const name = `project-${id}-photo-${fileId}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
        return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
      },
    );

  for (const [verb, result, body] of [
    ['approve', 'approved', projectApproveBody],
    ['reject', 'rejected', projectRejectBody],
  ] as const) {
    app.post(
      `/admin/projects/:id/${verb}`,
      {
        config: { access: deciding },
        schema: {
          tags,
          summary: verb === 'approve' ? 'Approve (credits the bonus in force, once)' : 'Reject with a reason',
          params,
          body,
          response: { 200: projectRow },
        },
      },
      async (request) =>
        service.decideProject(app, actorOf(request), request.params.id, result, request.body.reason),
    );
    app.post(
      `/admin/projects/${verb}`,
      {
        config: { access: deciding },
        schema: {
          tags,
          summary: `${verb === 'approve' ? 'Approve' : 'Reject (reason required)'} one or many: an outcome per row`,
          body: projectBulkBody,
          response: { 200: bulkDecisionResult },
        },
      },
      async (request) => ({
        outcomes: await service.decideProjects(
          app,
          actorOf(request),
          request.body.ids,
          result,
          request.body.reason,
        ),
      }),
    );
  }
};
