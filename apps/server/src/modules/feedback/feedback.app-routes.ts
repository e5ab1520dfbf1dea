import { feedbackAppEndpoints as api } from '@app/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { feedbackOfMember } from './feedback.repository';
import { createFeedback } from './feedback.service';

/** The member app's feedback: send one (attachments uploaded first), read own with the replies. */
export const feedbackAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.send, async (request, reply) => {
    const me = memberOf(request);
    return sendIdempotent(
      reply,
      await createFeedback(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
    );
  });

  route(app, api.list, async (request) => feedbackOfMember(app.database.db, memberOf(request).id));
};
