import { rolesEndpoints } from '@app/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './roles.service';

/** User Roles (declared in contract rolesEndpoints). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = rolesEndpoints;
  listRoutes(app, { endpoints: e, list: service.roleList, fileName: 'roles' });
  route(app, e.one, async (request) => service.getRole(app, request.params.id));
  route(app, e.create, async (request) =>
    service.createRole(app, staffOf(request), actorOf(request), request.body),
  );
  route(app, e.update, async (request) =>
    service.updateRole(app, staffOf(request), actorOf(request), request.params.id, request.body),
  );
  route(app, e.remove, async (request) => {
    await service.deleteRole(app, staffOf(request), actorOf(request), request.params.id);
    return { id: request.params.id };
  });
};
