import { projectsEndpoints } from '@app/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { findMemberDetail } from '../members';
import { bonusHistory, ofMember, projectList } from './projects.repository';
import * as service from './projects.service';

/**
 * Project Registration: list, export, detail with photos and history, decisions, the bonus setting
 * (declared in contract projectsEndpoints).
 */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const e = projectsEndpoints;

  listRoutes(app, { endpoints: e, list: projectList, fileName: 'projects' });

  // All Users → member detail: the member's projects.
  listRoutes(app, {
    endpoints: e.ofMember,
    list: projectList,
    fileName: 'member-projects',
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => ofMember(pathId(request)),
  });

  route(app, e.bonusSettings, async () => bonusHistory(db));
  route(app, e.setBonus, async (request) => service.addBonusSetting(app, actorOf(request), request.body));

  route(app, e.one, async (request) => service.projectDetail(db, request.params.id));
  route(app, e.history, async (request) => {
    await service.loadProject(db, request.params.id);
    return historyOf(db, service.PROJECT_ENTITY, request.params.id);
  });
  for (const [declaration, variant] of [
    [e.photo, 'file'],
    [e.photoThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const { id, fileId } = request.params;
      const { file, stream } = await service.projectPhoto(app, id, fileId, variant);
      const name = `project-${id}-photo-${fileId}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
      return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
    });

  route(app, e.approve, async (request) =>
    service.decideProject(app, actorOf(request), request.params.id, 'approved', request.body.reason),
  );
  route(app, e.reject, async (request) =>
    service.decideProject(app, actorOf(request), request.params.id, 'rejected', request.body.reason),
  );
  for (const [declaration, result] of [
    [e.approveMany, 'approved'],
    [e.rejectMany, 'rejected'],
  ] as const)
    route(app, declaration, async (request) => ({
      outcomes: await service.decideProjects(
        app,
        actorOf(request),
        request.body.ids,
        result,
        request.body.reason,
      ),
    }));
};
