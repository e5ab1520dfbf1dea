import { feedbackEndpoints } from '@app/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { findMemberDetail } from '../members';
import { feedbackList, ofMember } from './feedback.repository';
import * as service from './feedback.service';

/** Feedbacks Data: list, export, detail with attachments and replies, reply, move state (contract feedbackEndpoints). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const e = feedbackEndpoints;

  listRoutes(app, { endpoints: e, list: feedbackList, fileName: 'feedback' });

  // All Users → member detail: the member's feedback.
  listRoutes(app, {
    endpoints: e.ofMember,
    list: feedbackList,
    fileName: 'member-feedback',
    check: async (request) =>
      (await findMemberDetail(db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => ofMember(pathId(request)),
  });

  route(app, e.one, async (request) => service.feedbackDetail(db, request.params.id));
  route(app, e.history, async (request) => {
    await service.loadFeedback(db, request.params.id);
    return historyOf(db, service.FEEDBACK_ENTITY, request.params.id);
  });
  for (const [declaration, variant] of [
    [e.attachment, 'file'],
    [e.attachmentThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const { id, fileId } = request.params;
      const { file, stream } = await service.feedbackAttachment(app, id, fileId, variant);
      const name = `feedback-${id}-attachment-${fileId}${variant === 'thumbnail' ? '-thumbnail' : ''}`;
      return downloadHeaders(reply, { name, contentType: file.contentType, personal: true }).send(stream);
    });

  route(app, e.reply, async (request) =>
    service.replyToFeedback(app, actorOf(request), request.params.id, request.body.text),
  );
  route(app, e.move, async (request) =>
    service.moveFeedback(app, actorOf(request), request.params.id, request.body),
  );
};
