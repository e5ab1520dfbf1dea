import { appVersionEndpoints, appVersionsEndpoints } from '@app/contract/app-versions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './app-versions.service';

/** Update Version (staff) and the app's own question: must I update? (public). */
export const appVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = appVersionsEndpoints;
  listRoutes(app, { endpoints: e.history, list: service.appVersionList, fileName: 'app-versions' });
  route(app, e.current, async () => service.currentVersions(app));
  route(app, e.set, async (request) =>
    service.setVersion(app, actorOf(request), request.params.platform, request.body),
  );

  route(app, appVersionEndpoints.check, async (request) =>
    service.checkVersion(app, request.query.platform, request.query.current),
  );
};
