import { dashboardEndpoints } from '@app/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { dashboard } from './dashboard.service';

/** Dashboard (declared in contract dashboardEndpoints): the caller's cards and series. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, dashboardEndpoints.get, async (request) => dashboard(app, staffOf(request), request.query));
};
