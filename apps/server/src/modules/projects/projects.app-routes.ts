import { idempotencyHeaders } from '@app/contract/member-app';
import { memberProject, projectCreateBody } from '@app/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf, memberWrite } from '../../plugins/access';
import { projectsOfMember } from './projects.repository';
import { createProject } from './projects.service';

const tags = ['member app'];

/** The member app's projects: register one (photos uploaded first, purpose project_photo), list own. */
export const projectsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/projects',
    {
      config: memberWrite('registerProject'),
      schema: {
        tags,
        summary: 'Register a project (photos: ids from POST /api/app/uploads?purpose=project_photo)',
        headers: idempotencyHeaders,
        body: projectCreateBody,
        response: { 200: memberProject },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      return sendIdempotent(
        reply,
        await createProject(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
      );
    },
  );

  app.get(
    '/app/projects',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My projects, newest first, with state and reason',
        response: { 200: z.array(memberProject) },
      },
    },
    async (request) => projectsOfMember(app.database.db, memberOf(request).id),
  );
};
