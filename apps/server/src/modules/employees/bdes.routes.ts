import { BDE_ENTITY, bdesEndpoints as e } from '@app/contract/employees';
import { MAX_MAP_POINTS, fieldVisitsEndpoints as visits } from '@app/contract/field';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { openStored } from '../files';
import * as service from './bdes.service';
import { findVisit, visitList, visitMapPoints } from './visits.repository';

/**
 * BDE Management (territories, targets, passwords, members) and BDA Activity (visits, map, photos):
 * declared in contract bdesEndpoints and fieldVisitsEndpoints.
 */
export const bdesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.bdeList, fileName: 'bdes' });
  listRoutes(app, { endpoints: e.members, list: service.bdeMemberList, fileName: 'bde-members' });
  route(app, e.options, async () => service.bdeOptions(app));
  route(app, e.history, async (request) => {
    await service.getBde(app, request.params.id);
    return historyOf(app.database.db, BDE_ENTITY, request.params.id);
  });
  route(app, e.one, async (request) => service.getBde(app, request.params.id));
  route(app, e.create, async (request) => service.createBde(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateBde(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.password, async (request) =>
    service.setPassword(app, actorOf(request), request.params.id, request.body.password),
  );
  route(app, e.assign, async (request) =>
    service.assignMembers(app, actorOf(request), request.params.id, request.body.memberIds),
  );
  route(app, e.move, async (request) =>
    service.moveMembers(app, actorOf(request), request.params.id, request.body),
  );

  // ---- BDA Activity ----
  listRoutes(app, { endpoints: visits, list: visitList, fileName: 'bda-activity' });

  route(app, visits.map, async (request) => {
    const points = await visitMapPoints(app.database.db, request.query.filter, MAX_MAP_POINTS + 1);
    return { points: points.slice(0, MAX_MAP_POINTS), truncated: points.length > MAX_MAP_POINTS };
  });

  route(app, visits.one, async (request) => {
    const visit = await findVisit(app.database.db, request.params.id);
    if (!visit) throw notFound('Visit');
    return visit;
  });

  for (const [declaration, variant] of [
    [visits.photo, 'file'],
    [visits.photoThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const visit = await findVisit(app.database.db, request.params.id);
      if (!visit?.photoIds.includes(request.params.fileId)) throw notFound('Photo');
      const { file, stream } = await openStored(app, request.params.fileId, 'Photo', variant);
      return downloadHeaders(reply, {
        name: file.name,
        contentType: file.contentType,
        personal: true,
      }).send(stream);
    });
};
