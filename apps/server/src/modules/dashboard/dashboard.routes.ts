import { dashboardQuery, dashboardResponse } from '@app/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page, staffOf } from '../../plugins/access';
import { dashboard } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      config: { access: page('/dashboard') },
      schema: {
        tags: ['dashboard'],
        summary: 'KPI cards and daily series of the caller’s areas over a date range (IST days)',
        querystring: dashboardQuery,
        response: { 200: dashboardResponse },
      },
    },
    async (request) => dashboard(app, staffOf(request), request.query),
  );
};
