import { projectsAppEndpoints as api } from '@app/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { projectsOfMember } from './projects.repository';
import { createProject } from './projects.service';

/** The member app's projects: register one (photos uploaded first, purpose project_photo), list own. */
export const projectsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.register, async (request, reply) => {
    const me = memberOf(request);
    return sendIdempotent(
      reply,
      await createProject(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
    );
  });

  route(app, api.list, async (request) => projectsOfMember(app.database.db, memberOf(request).id));
};
