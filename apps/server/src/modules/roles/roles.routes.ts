import { idParams } from '@app/contract/input';
import {
  ROLES_MANAGE,
  ROLES_PAGE,
  roleCreateBody,
  roleDetail,
  roleRow,
  roleUpdateBody,
} from '@app/contract/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page, staffOf } from '../../plugins/access';
import * as service from './roles.service';

const params = idParams;
const access = page(ROLES_PAGE);

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/roles',
    access,
    list: service.roleList,
    row: roleRow,
    fileName: 'roles',
    tags: ['roles'],
    summary: 'Roles with permission and staff counts',
  });

  app.get(
    '/admin/roles/:id',
    {
      config: { access },
      schema: {
        tags: ['roles'],
        summary: 'One role with its history',
        params,
        response: { 200: roleDetail },
      },
    },
    async (request) => service.getRole(app, request.params.id),
  );

  app.post(
    '/admin/roles',
    {
      config: { access: action(ROLES_MANAGE) },
      schema: {
        tags: ['roles'],
        summary: 'Create a custom role (only with permissions the caller holds)',
        body: roleCreateBody,
        response: { 200: roleRow },
      },
    },
    async (request) => service.createRole(app, staffOf(request), actorOf(request), request.body),
  );

  app.put(
    '/admin/roles/:id',
    {
      config: { access: action(ROLES_MANAGE) },
      schema: {
        tags: ['roles'],
        summary: 'Change a role’s label or permissions',
        params,
        body: roleUpdateBody,
        response: { 200: roleRow },
      },
    },
    async (request) =>
      service.updateRole(app, staffOf(request), actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/roles/:id',
    {
      config: { access: action(ROLES_MANAGE) },
      schema: {
        tags: ['roles'],
        summary: 'Delete a custom role nobody holds',
        params,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => {
      await service.deleteRole(app, staffOf(request), actorOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};
