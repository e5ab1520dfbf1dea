import { idParams } from '@app/contract/input';
import { inboxMessage, inboxPage, inboxQuery, unreadCount } from '@app/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { memberOf, memberWrite } from '../../plugins/access';
import * as inbox from './inbox.service';

const tags = ['member app'];
const params = idParams;

/** The member app's inbox: what Manage Notification fanned out to this member. */
export const inboxAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/inbox',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My inbox, newest first (keyset: pass nextCursor as cursor)',
        querystring: inboxQuery,
        response: { 200: inboxPage },
      },
    },
    async (request) => inbox.inboxPageOf(app, memberOf(request).id, request.query),
  );

  app.get(
    '/app/inbox/unread-count',
    {
      config: { access: 'member' },
      schema: { tags, summary: 'How many of my messages are unread', response: { 200: unreadCount } },
    },
    async (request) => inbox.unread(app, memberOf(request).id),
  );

  app.post(
    '/app/inbox/:id/read',
    {
      config: memberWrite('readInboxMessage'),
      schema: {
        tags,
        summary: 'Mark one of my messages read (repeat-safe: a second call changes nothing)',
        params,
        response: { 200: inboxMessage },
      },
    },
    async (request) => inbox.read(app, memberOf(request).id, request.params.id),
  );

  app.get(
    '/app/inbox/:id/image',
    { config: { access: 'member' }, schema: { tags, summary: 'The image of one of my messages', params } },
    async (request, reply) => {
      const { file, stream } = await inbox.image(app, memberOf(request).id, request.params.id);
      return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: false }).send(
        stream,
      );
    },
  );
};
