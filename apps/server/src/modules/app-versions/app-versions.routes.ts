import {
  APP_VERSIONS_PAGE,
  appVersionBody,
  appVersionEndpoints,
  appVersionRow,
  currentVersions,
  platformParams,
} from '@app/contract/app-versions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './app-versions.service';

const access = page(APP_VERSIONS_PAGE);
const tags = ['app versions'];

/** Update Version (staff) and the app's own question: must I update? (public). */
export const appVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/app-versions/history',
    access,
    list: service.appVersionList,
    row: appVersionRow,
    fileName: 'app-versions',
    tags,
    summary: 'Every change of the app versions',
  });

  app.get(
    '/admin/app-versions',
    {
      config: { access },
      schema: { tags, summary: 'The current setting of each platform', response: { 200: currentVersions } },
    },
    async () => service.currentVersions(app),
  );

  app.put(
    '/admin/app-versions/:platform',
    {
      config: { access: action('app-versions.update') },
      schema: {
        tags,
        summary:
          'Set a platform’s latest and minimum supported versions and the force flag (kept as history)',
        params: platformParams,
        body: appVersionBody,
        response: { 200: appVersionRow },
      },
    },
    async (request) => service.setVersion(app, actorOf(request), request.params.platform, request.body),
  );

  route(app, appVersionEndpoints.check, async (request) =>
    service.checkVersion(app, request.query.platform, request.query.current),
  );
};
