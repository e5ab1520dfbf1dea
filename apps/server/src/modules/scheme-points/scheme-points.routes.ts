import { schemePointsEndpoints } from '@app/contract/scheme-points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './scheme-points.service';

const e = schemePointsEndpoints;

/** Update Scheme Points (contract schemePointsEndpoints): the grid of SKUs with their points in force, changes and their history. */
export const schemePointsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.skuPointsList, fileName: 'scheme-points' });
  listRoutes(app, {
    endpoints: e.history,
    list: service.pointsChangeList,
    fileName: 'scheme-points-history',
  });
  route(app, e.change, async (request) =>
    service.changePoints(app, actorOf(request), request.params.productId, request.body),
  );
};
