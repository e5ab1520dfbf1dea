import { segmentsEndpoints } from '@app/contract/segments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { route } from '../../plugins/endpoint-routes';
import { campaignLift, countSegment, segmentOptions } from './segments.repository';
import * as service from './segments.service';

/** User Management → All Users → Segments; Manage Notification → Campaigns (lift). */
export const segmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = segmentsEndpoints;
  const db = app.database.db;
  route(app, e.list, async () => service.listSegments(app));
  route(app, e.count, async (request) => ({ members: await countSegment(db, request.query.conditions) }));
  route(app, e.create, async (request) => service.createSegment(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateSegment(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.archive, async (request, reply) => {
    await service.archiveSegment(app, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  route(app, e.options, async () => segmentOptions(db));
  route(app, e.campaigns, async () => campaignLift(db));
};
