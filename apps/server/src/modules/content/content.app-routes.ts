import { appSocialLink, appVirtualRoom } from '@app/contract/content';
import { appDocument } from '@app/contract/content-documents';
import { appAlbum, appBanner, appEvent } from '@app/contract/content-media';
import { idParams } from '@app/contract/input';
import { idempotencyHeaders } from '@app/contract/member-app';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { events } from '../../db/schema/content';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf, memberWrite } from '../../plugins/access';
import * as app$ from './content.app';
import { fileRoutes } from './content-files';
import { publishedFileOf } from './documents.service';
import { appEvents, cancelRegistration, registerForEvent } from './events.registrations';

const tags = ['member app: content'];
const access = 'member' as const;
const config = { access };

/** The member app's content: social links, documents, virtual room, gallery, banners, events. */
export const contentAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const get = <T extends z.ZodType>(
    path: string,
    summary: string,
    row: T,
    read: (memberId: number) => Promise<z.output<T>[]>,
  ) =>
    app.get(path, { config, schema: { tags, summary, response: { 200: z.array(row) } } }, async (request) =>
      read(memberOf(request).id),
    );

  get('/app/content/social', 'Social links, in order', appSocialLink, () => app$.appSocial(db));
  get('/app/content/documents', 'The latest published version of each document', appDocument, () =>
    app$.appDocuments(db),
  );
  get('/app/content/virtual-room', 'Virtual room entries with their featured products', appVirtualRoom, () =>
    app$.appVirtualRoom(db),
  );
  get('/app/content/gallery', 'Albums and their images', appAlbum, () => app$.appGallery(db));
  get('/app/content/banners', "Today's banners for my member type and state", appBanner, (id) =>
    app$.appBanners(db, id),
  );
  get('/app/content/events', 'Upcoming events, with my registration', appEvent, (id) => appEvents(db, id));

  fileRoutes(app, {
    path: '/app/content/documents/:id/file',
    access,
    tags,
    summary: 'A published document’s PDF',
    thumbnail: false,
    resolve: (a, p) => publishedFileOf(a, p.id),
  });
  fileRoutes(app, {
    path: '/app/content/virtual-room/:id/image',
    access,
    tags,
    summary: 'A virtual room entry’s image',
    resolve: (_a, p) => app$.appRoomImage(db, p.id),
  });
  fileRoutes(app, {
    path: '/app/content/gallery/images/:id',
    access,
    tags,
    summary: 'A gallery image',
    resolve: (_a, p) => app$.appGalleryImage(db, p.id),
  });
  fileRoutes(app, {
    path: '/app/content/banners/:id/image',
    access,
    tags,
    summary: 'A banner’s image',
    resolve: (_a, p, request) => app$.appBannerImage(db, memberOf(request).id, p.id),
  });
  fileRoutes(app, {
    path: '/app/content/events/:id/images/:fileId',
    access,
    tags,
    summary: 'An event’s image',
    resolve: async (_a, p) => {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.id, p.id),
            eq(events.active, true),
            sql`${p.fileId ?? 0} = any(${events.imageFileIds})`,
          ),
        );
      return row ? p.fileId : undefined;
    },
  });

  for (const [verb, work] of [
    ['register', registerForEvent],
    ['cancel', cancelRegistration],
  ] as const)
    app.post(
      `/app/events/:id/${verb}`,
      {
        config: memberWrite(verb === 'register' ? 'registerForEvent' : 'cancelEventRegistration'),
        schema: {
          tags,
          summary:
            verb === 'register'
              ? 'Register for an event (never past its capacity)'
              : 'Cancel my registration',
          headers: idempotencyHeaders,
          params: idParams,
          response: { 200: appEvent },
        },
      },
      async (request, reply) => {
        const me = memberOf(request);
        const ctx = idempotencyOf(request, `member:${me.id}`);
        return sendIdempotent(reply, await work(app, request.params.id, me.id, ctx));
      },
    );
};
