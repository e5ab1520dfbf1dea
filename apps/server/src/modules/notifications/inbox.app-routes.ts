import { inboxAppEndpoints } from '@app/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as inbox from './inbox.service';

/** The member app's inbox: what Manage Notification fanned out to this member. */
export const inboxAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, inboxAppEndpoints.list, async (request) =>
    inbox.inboxPageOf(app, memberOf(request).id, request.query),
  );

  route(app, inboxAppEndpoints.unreadCount, async (request) => inbox.unread(app, memberOf(request).id));

  route(app, inboxAppEndpoints.read, async (request) =>
    inbox.read(app, memberOf(request).id, request.params.id),
  );

  route(app, inboxAppEndpoints.image, async (request, reply) => {
    const { file, stream } = await inbox.image(app, memberOf(request).id, request.params.id);
    return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: false }).send(
      stream,
    );
  });
};
