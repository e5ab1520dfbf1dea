import { memberAppEndpoints } from '@app/contract/member-app';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { members } from '../../db/schema/members';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { profileOf } from '../member-app/member-app.service';

/** The member's own messaging settings in the app: the language messages reach them in. */
export const messagesAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, memberAppEndpoints.updateProfile, async (request) => {
    const { id } = memberOf(request);
    return app.database.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ language: request.body.language, updatedAt: sql`now()` })
        .where(eq(members.id, id));
      return profileOf(tx, id);
    });
  });
};
