import { contentAppEndpoints as api, contentAppFileEndpoints as files } from '@app/contract/content-media';
import type { Endpoint, EndpointReply } from '@app/contract/endpoint';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as app$ from './content.app';
import { fileRoutes } from './content-files';
import { publishedFileOf } from './documents.service';
import { appEvents, cancelRegistration, registerForEvent } from './events.registrations';
import { isEventImage } from './events.repository';

/** The member app's content: social links, documents, virtual room, gallery, banners, events. */
export const contentAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const list = <E extends Endpoint & { response: z.ZodType }>(
    declaration: E,
    read: (memberId: number) => Promise<EndpointReply<E>>,
  ) => route(app, declaration, async (request) => read(memberOf(request).id));

  list(api.social, () => app$.appSocial(db));
  route(app, api.documents, async (request) =>
    app$.appDocuments(db, memberOf(request).id, request.query.language),
  );
  list(api.virtualRoom, () => app$.appVirtualRoom(db));
  list(api.gallery, () => app$.appGallery(db));
  list(api.banners, (id) => app$.appBanners(db, id));
  list(api.events, (id) => appEvents(db, id));

  fileRoutes(app, {
    endpoints: { file: files.document },
    resolve: (a, p) => publishedFileOf(a, p.id),
  });
  fileRoutes(app, {
    endpoints: files.virtualRoomImage,
    resolve: (_a, p) => app$.appRoomImage(db, p.id),
  });
  fileRoutes(app, {
    endpoints: files.galleryImage,
    resolve: (_a, p) => app$.appGalleryImage(db, p.id),
  });
  fileRoutes(app, {
    endpoints: files.bannerImage,
    resolve: (_a, p, request) => app$.appBannerImage(db, memberOf(request).id, p.id),
  });
  fileRoutes(app, {
    endpoints: files.eventImage,
    resolve: async (_a, p) => ((await isEventImage(db, p.id, p.fileId ?? 0, true)) ? p.fileId : undefined),
  });

  for (const [declaration, work] of [
    [api.registerForEvent, registerForEvent],
    [api.cancelEventRegistration, cancelRegistration],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const me = memberOf(request);
      const ctx = idempotencyOf(request, `member:${me.id}`);
      return sendIdempotent(reply, await work(app, request.params.id, me.id, ctx));
    });
};
