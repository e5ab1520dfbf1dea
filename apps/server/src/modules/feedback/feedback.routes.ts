import { auditEntry } from '@app/contract/audit';
import {
  FEEDBACK_PAGE,
  feedbackDetail,
  feedbackMoveBody,
  feedbackReplyBody,
  feedbackRow,
} from '@app/contract/feedback';
import { idParam, idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { historyOf } from '../audit/audit.history';
import { findMemberDetail } from '../members';
import { feedbackList, ofMember } from './feedback.repository';
import * as service from './feedback.service';

const access = page(FEEDBACK_PAGE);
const responding = action('feedback.respond');
const tags = ['feedback'];
const params = idParams;

/** Feedbacks Data: list, export, detail with attachments and replies, reply, move state. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  listRoutes(app, {
    path: '/admin/feedback',
    access,
    list: feedbackList,
    row: feedbackRow,
    fileName: 'feedback',
    tags,
    summary: 'Member feedback',
  });

  // All Users → member detail: the member's feedback.
  listRoutes(app, {
    path: '/admin/users/:id/feedback',
    access: page('/dashboard/users'),
    list: feedbackList,
    row: feedbackRow,
    fileName: 'member-feedback',
    tags: ['members'],
    summary: 'Feedback tab',
    params,
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => ofMember(pathId(request)),
  });

  app.get(
    '/admin/feedback/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One feedback with attachments and replies',
        params,
        response: { 200: feedbackDetail },
      },
    },
    async (request) => service.feedbackDetail(db, request.params.id),
  );
  app.get(
    '/admin/feedback/:id/history',
    {
      config: { access },
      schema: {
        tags,
        summary: 'History of the feedback (audit)',
        params,
        response: { 200: z.array(auditEntry) },
      },
    },
    async (request) => {
      await service.loadFeedback(db, request.params.id);
      return historyOf(db, service.FEEDBACK_ENTITY, request.params.id);
    },
  );
  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/feedback/:id/attachments/:fileId${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `An attachment of the feedback${variant === 'thumbnail' ? ' (thumbnail)' : ''}`,
          params: params.extend({ fileId: idParam }),
        },
      },
      async (request, reply) => {
        const { id, fileId } = request.params;
        const { file, stream } = await service.feedbackAttachment(app, id, fileId, variant);
        const name = `feedback-${id}-attachment-${fileId}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
        return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
      },
    );

  app.post(
    '/admin/feedback/:id/replies',
    {
      config: { access: responding },
      schema: {
        tags,
        summary: 'Reply (the member sees it in the app)',
        params,
        body: feedbackReplyBody,
        response: { 200: feedbackDetail },
      },
    },
    async (request) => service.replyToFeedback(app, actorOf(request), request.params.id, request.body.text),
  );
  app.post(
    '/admin/feedback/:id/move',
    {
      config: { access: responding },
      schema: {
        tags,
        summary:
          'Move open → in_progress → resolved, or open → resolved with a reply (409 otherwise); a reply may go with the move',
        params,
        body: feedbackMoveBody,
        response: { 200: feedbackDetail },
      },
    },
    async (request) => service.moveFeedback(app, actorOf(request), request.params.id, request.body),
  );
};
