import { idParam } from '@app/contract/input';
import {
  pointsChangeBody,
  pointsChangeRow,
  SCHEME_POINTS_PAGE,
  skuPointsRow,
} from '@app/contract/scheme-points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import * as service from './scheme-points.service';

const params = z.object({ productId: idParam });
const access = page(SCHEME_POINTS_PAGE);
const tags = ['scheme points'];

/** Update Scheme Points: the grid of SKUs with their points in force, changes and their history. */
export const schemePointsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/scheme-points',
    access,
    list: service.skuPointsList,
    row: skuPointsRow,
    fileName: 'scheme-points',
    tags,
    summary: 'SKUs with the points in force and the next scheduled change',
  });

  listRoutes(app, {
    path: '/admin/scheme-points/history',
    access,
    list: service.pointsChangeList,
    row: pointsChangeRow,
    fileName: 'scheme-points-history',
    tags,
    summary: 'Every base points change',
  });

  app.post(
    '/admin/scheme-points/:productId',
    {
      config: { access: action('scheme-points.update') },
      schema: {
        tags,
        summary: 'Change a SKU’s base points from a day on',
        params,
        body: pointsChangeBody,
        response: { 200: pointsChangeRow },
      },
    },
    async (request) => service.changePoints(app, actorOf(request), request.params.productId, request.body),
  );
};
