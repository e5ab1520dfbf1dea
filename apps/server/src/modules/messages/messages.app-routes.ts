import { memberProfile } from '@app/contract/member-app';
import { memberProfileUpdate } from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { members } from '../../db/schema/members';
import { memberOf, memberWrite } from '../../plugins/access';
import { profileOf } from '../member-app/member-app.service';

/** The member's own messaging settings in the app: the language messages reach them in. */
export const messagesAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/app/profile',
    {
      config: memberWrite('updateProfile'),
      schema: {
        tags: ['member app'],
        summary: 'Change my profile: the language of my messages (en, hi)',
        body: memberProfileUpdate,
        response: { 200: memberProfile },
      },
    },
    async (request) => {
      const { id } = memberOf(request);
      return app.database.db.transaction(async (tx) => {
        await tx
          .update(members)
          .set({ language: request.body.language, updatedAt: sql`now()` })
          .where(eq(members.id, id));
        return profileOf(tx, id);
      });
    },
  );
};
