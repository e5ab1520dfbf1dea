import { feedbackCreateBody, memberFeedback } from '@app/contract/feedback';
import { idempotencyHeaders } from '@app/contract/member-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf, memberWrite } from '../../plugins/access';
import { feedbackOfMember } from './feedback.repository';
import { createFeedback } from './feedback.service';

const tags = ['member app'];

/** The member app's feedback: send one (attachments uploaded first), read own with the replies. */
export const feedbackAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/feedback',
    {
      config: memberWrite('feedback'),
      schema: {
        tags,
        summary: 'Send feedback (attachments: ids from POST /api/app/uploads?purpose=feedback_attachment)',
        headers: idempotencyHeaders,
        body: feedbackCreateBody,
        response: { 200: memberFeedback },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      return sendIdempotent(
        reply,
        await createFeedback(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
      );
    },
  );

  app.get(
    '/app/feedback',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My feedback, newest first, with the staff replies',
        response: { 200: z.array(memberFeedback) },
      },
    },
    async (request) => feedbackOfMember(app.database.db, memberOf(request).id),
  );
};
