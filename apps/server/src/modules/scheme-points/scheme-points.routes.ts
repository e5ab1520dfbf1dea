import { listQuery, listResult } from '@app/contract/list';
import {
  pointsChangeBody,
  pointsChangeRow,
  SCHEME_POINTS_PAGE,
  skuPointsRow,
} from '@app/contract/scheme-points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page } from '../../plugins/access';
import * as service from './scheme-points.service';

const params = z.object({ productId: z.coerce.number().int().positive() });
const access = page(SCHEME_POINTS_PAGE);
const tags = ['scheme points'];

/** Update Scheme Points: the grid of SKUs with their points in force, changes and their history. */
export const schemePointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/scheme-points',
    {
      config: { access },
      schema: {
        tags,
        summary: 'SKUs with the points in force and the next scheduled change',
        querystring: listQuery,
        response: { 200: listResult(skuPointsRow) },
      },
    },
    async (request) => service.listSkuPoints(app, request.query),
  );

  app.get(
    '/admin/scheme-points/history',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every base points change',
        querystring: listQuery,
        response: { 200: listResult(pointsChangeRow) },
      },
    },
    async (request) => service.listChanges(app, request.query),
  );

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
