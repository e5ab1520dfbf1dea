import { z } from 'zod';
import {
  appSocialLink,
  appVirtualRoom,
  CONTENT_PAGES,
  contentRowBase,
  contentText,
  editOf,
  fileId,
  longText,
  CONTENT_MESSAGES as M,
  socialBody,
  socialRow,
  socialUpdateBody,
  sortOrder,
  virtualRoomBody,
  virtualRoomRow,
  virtualRoomUpdateBody,
  webUrl,
} from './content';
import { appDocument, documentBody, documentRow, documentUpdateBody } from './content-documents';
import { type EndpointAccess, endpoint } from './endpoint';
import { listEndpoints, recordEndpoints } from './endpoint-kits';
import { idParam, idParams, recordId, text, uniqueArray } from './input';
import { idempotencyHeaders } from './member-app';
import { INDIAN_STATES, MEMBER_TYPES } from './members';
import { messageLanguage } from './messages';

/** Media (Gallery, Banner, Event): PRODUCT.md §3.8. */

/* ---------- Gallery ---------- */

export const ALBUM_ENTITY = 'gallery_album';
export const albumBody = z.object({
  title: contentText('Title'),
  description: longText(1000).default(''),
  sortOrder: sortOrder.default(0),
});
export const albumUpdateBody = editOf(albumBody);
export const albumRow = z.object({
  ...contentRowBase,
  title: z.string(),
  description: z.string(),
  imageCount: z.number().int(),
  coverImageId: z.number().int().nullable(),
});
export type AlbumRow = z.infer<typeof albumRow>;

export const galleryImageBody = z.object({
  fileId: fileId(),
  caption: text(200, { tooLong: M.tooLong(200) }).default(''),
});
export const galleryImageRow = z.object({
  id: z.number().int(),
  albumId: z.number().int(),
  caption: z.string(),
  sortOrder: z.number().int(),
  contentType: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type GalleryImageRow = z.infer<typeof galleryImageRow>;
export const reorderBody = z.object({
  imageIds: uniqueArray(recordId(), 1000, { error: 'List every image of the album in its new order' }),
});
export const appAlbum = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  images: z.array(
    z.object({ id: z.number().int(), caption: z.string(), url: z.string(), thumbnailUrl: z.string() }),
  ),
});

/* ---------- Banner ---------- */

export const BANNER_ENTITY = 'banner';
const day = z.iso.date({ error: M.day });
const audience = {
  memberTypes: uniqueArray(z.enum(MEMBER_TYPES, { error: 'Choose member types from the list' }), 5).default(
    [],
  ),
  states: uniqueArray(
    z.enum(INDIAN_STATES, { error: 'Choose states from the list' }),
    INDIAN_STATES.length,
  ).default([]),
};
const bannerFields = z.object({
  title: contentText('Title'),
  imageFileId: fileId(),
  linkUrl: webUrl('Link target').nullish(),
  ...audience,
  startsOn: day,
  endsOn: day,
  sortOrder: sortOrder.default(0),
});
const datesRule = (b: { startsOn?: string; endsOn?: string }, ctx: z.RefinementCtx) => {
  if (b.startsOn && b.endsOn && b.endsOn < b.startsOn)
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: M.endBeforeStart });
};
export const bannerBody = bannerFields.superRefine(datesRule);
export type BannerBody = z.infer<typeof bannerBody>;
export const bannerUpdateBody = editOf(bannerFields).superRefine(datesRule);
export type BannerUpdateBody = z.infer<typeof bannerUpdateBody>;
export const bannerRow = z.object({
  ...contentRowBase,
  title: z.string(),
  imageFileId: z.number().int(),
  linkUrl: z.string().nullable(),
  memberTypes: z.array(z.string()),
  states: z.array(z.string()),
  startsOn: z.string(),
  endsOn: z.string(),
});
export type BannerRow = z.infer<typeof bannerRow>;
export const appBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sortOrder: z.number().int(),
});

/* ---------- Event ---------- */

export const EVENT_ENTITY = 'event';
export const EVENT_TYPES = ['meet', 'training', 'exhibition', 'site_visit', 'webinar', 'other'] as const;
export const EVENT_MESSAGES = {
  type: 'Choose the type of event',
  startsAt: 'Enter the start date and time',
  endsAt: 'Enter the end date and time',
  full: 'This event is full',
  over: 'This event has ended',
  closed: 'This event is not open for registration',
} as const;
/** Photos an event may carry (content images, shown in the app's event card). */
export const MAX_EVENT_IMAGES = 10;
const eventFields = z.object({
  title: contentText('Title'),
  type: z.enum(EVENT_TYPES, { error: EVENT_MESSAGES.type }),
  description: longText().default(''),
  venue: contentText('Venue', 200),
  startsAt: z.iso.datetime({ offset: true, error: EVENT_MESSAGES.startsAt }),
  endsAt: z.iso.datetime({ offset: true, error: EVENT_MESSAGES.endsAt }),
  capacity: z.number({ error: M.capacity }).int(M.capacity).min(1, M.capacity).max(100_000, M.capacity),
  imageFileIds: uniqueArray(fileId(), MAX_EVENT_IMAGES).default([]),
  sortOrder: sortOrder.default(0),
});
const timesRule = (b: { startsAt?: string; endsAt?: string }, ctx: z.RefinementCtx) => {
  if (b.startsAt && b.endsAt && Date.parse(b.endsAt) < Date.parse(b.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endBeforeStart });
};
export const eventBody = eventFields.superRefine(timesRule);
export type EventBody = z.infer<typeof eventBody>;
export const eventUpdateBody = editOf(eventFields).superRefine(timesRule);
export type EventUpdateBody = z.infer<typeof eventUpdateBody>;
export const eventRow = z.object({
  ...contentRowBase,
  title: z.string(),
  type: z.enum(EVENT_TYPES),
  description: z.string(),
  venue: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  registered: z.number().int(),
  imageFileIds: z.array(z.number().int()),
});
export type EventRow = z.infer<typeof eventRow>;
export const attendeeRow = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventTitle: z.string(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  mobile: z.string(),
  memberType: z.string(),
  state: z.string(),
  status: z.enum(['registered', 'cancelled']),
  registeredAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type AttendeeRow = z.infer<typeof attendeeRow>;
export const appEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(EVENT_TYPES),
  description: z.string(),
  venue: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  imageUrls: z.array(z.string()),
  registered: z.boolean(),
});
export type AppEvent = z.infer<typeof appEvent>;

const appTags = ['member app: content'] as const;
const memberList = <S extends z.ZodType>(path: `/app/${string}`, summary: string, row: S) =>
  endpoint({ method: 'GET', path, access: 'member', tags: appTags, summary, response: z.array(row) });
const eventWrite = <V extends 'register' | 'cancel'>(verb: V, memberWrite: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `/app/events/:id/${verb}`,
    access: { memberWrite },
    tags: appTags,
    summary,
    headers: idempotencyHeaders,
    params: idParams,
    response: appEvent,
  });

/** The member app's content: social links, documents, virtual room, gallery, banners, events. */
export const contentAppEndpoints = {
  social: memberList('/app/content/social', 'Social links, in order', appSocialLink),
  /** In the language the app shows (`?language=`), else the member's own. */
  documents: endpoint({
    method: 'GET',
    path: '/app/content/documents',
    access: 'member',
    tags: appTags,
    summary: "The latest published version of each document, in the member's language where written",
    query: z.object({ language: messageLanguage.optional() }),
    response: z.array(appDocument),
  }),
  virtualRoom: memberList(
    '/app/content/virtual-room',
    'Virtual room entries with their featured products',
    appVirtualRoom,
  ),
  gallery: memberList('/app/content/gallery', 'Albums and their images', appAlbum),
  banners: memberList('/app/content/banners', "Today's banners for my member type and state", appBanner),
  events: memberList('/app/content/events', 'Upcoming events, with my registration', appEvent),
  registerForEvent: eventWrite(
    'register',
    'registerForEvent',
    'Register for an event (never past its capacity)',
  ),
  cancelEventRegistration: eventWrite('cancel', 'cancelEventRegistration', 'Cancel my registration'),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

/** `:fileId` beside the record's `:id` (an event's image, a gallery image). */
const fileParams = idParams.extend({ fileId: idParam });

/**
 * The file a content record references (served only through the record's route): `GET path`, and
 * for an image `GET path/thumbnail`. The server's `fileRoutes` registers both.
 */
function contentFileEndpoints<
  const P extends `/${string}`,
  const A extends EndpointAccess,
  const S extends typeof idParams | typeof fileParams,
>(path: P, options: { access: A; tags: readonly string[]; summary: string; params: S }) {
  const { access, tags, summary, params } = options;
  return {
    file: endpoint({ method: 'GET', path, access, tags, summary, params, file: true }),
    thumbnail: endpoint({
      method: 'GET',
      path: `${path}/thumbnail` as `${P}/thumbnail` & `/${string}`,
      access,
      tags,
      summary: `${summary} (thumbnail)`,
      params,
      file: true,
    }),
  };
}

const galleryTags = ['gallery'] as const;
const documentTags = ['documents'] as const;
const galleryPage = { page: CONTENT_PAGES.gallery } as const;
const documentsPage = { page: CONTENT_PAGES.documents } as const;
const manageGallery = { action: 'gallery.manage' } as const;
const manageDocuments = { action: 'documents.manage' } as const;

/** The content pages (Main Settings and Media): each one's records, their files, and their own moves. */
export const contentEndpoints = {
  social: recordEndpoints('/admin/content/social-links', {
    page: CONTENT_PAGES.social,
    manage: 'social-links.manage',
    row: socialRow,
    create: socialBody,
    update: socialUpdateBody,
    summary: 'Social links',
    tags: ['social connect'],
    archive: true,
  }),
  virtualRoom: {
    ...recordEndpoints('/admin/content/virtual-room', {
      page: CONTENT_PAGES.virtualRoom,
      manage: 'virtual-room.manage',
      row: virtualRoomRow,
      create: virtualRoomBody,
      update: virtualRoomUpdateBody,
      summary: 'Virtual room entries',
      tags: ['virtual room'],
      archive: true,
    }),
    image: contentFileEndpoints('/admin/content/virtual-room/:id/image', {
      access: { page: CONTENT_PAGES.virtualRoom },
      tags: ['virtual room'],
      summary: 'A virtual room entry’s image',
      params: idParams,
    }),
  },
  gallery: {
    ...recordEndpoints('/admin/content/gallery', {
      page: CONTENT_PAGES.gallery,
      manage: 'gallery.manage',
      row: albumRow,
      create: albumBody,
      update: albumUpdateBody,
      summary: 'Albums',
      tags: galleryTags,
      archive: true,
    }),
    images: listEndpoints('/admin/content/gallery/:id/images', {
      access: galleryPage,
      row: galleryImageRow,
      tags: galleryTags,
      summary: 'An album’s images, in order',
      params: idParams,
    }),
    addImage: endpoint({
      method: 'POST',
      path: '/admin/content/gallery/:id/images',
      access: manageGallery,
      tags: galleryTags,
      summary: 'Add an image (an id from POST /files?purpose=content_image)',
      params: idParams,
      body: galleryImageBody,
      response: z.object({ id: z.number().int(), caption: z.string() }),
    }),
    reorder: endpoint({
      method: 'PUT',
      path: '/admin/content/gallery/:id/images/order',
      access: manageGallery,
      tags: galleryTags,
      summary: 'Reorder the album’s images',
      params: idParams,
      body: reorderBody,
      response: reorderBody,
    }),
    archiveImage: endpoint({
      method: 'POST',
      path: '/admin/content/gallery/:id/images/:imageId/archive',
      access: manageGallery,
      tags: galleryTags,
      summary: 'Archive an image',
      params: z.object({ id: idParam, imageId: idParam }),
      response: z.object({ id: z.number().int() }),
    }),
    image: contentFileEndpoints('/admin/content/gallery/:id/images/:fileId', {
      access: galleryPage,
      tags: galleryTags,
      summary: 'A gallery image',
      params: fileParams,
    }),
  },
  banners: {
    ...recordEndpoints('/admin/content/banners', {
      page: CONTENT_PAGES.banner,
      manage: 'banners.manage',
      row: bannerRow,
      create: bannerBody,
      update: bannerUpdateBody,
      summary: 'Banners',
      tags: ['banners'],
      archive: true,
    }),
    image: contentFileEndpoints('/admin/content/banners/:id/image', {
      access: { page: CONTENT_PAGES.banner },
      tags: ['banners'],
      summary: 'A banner’s image',
      params: idParams,
    }),
  },
  events: {
    ...recordEndpoints('/admin/content/events', {
      page: CONTENT_PAGES.event,
      manage: 'events.manage',
      row: eventRow,
      create: eventBody,
      update: eventUpdateBody,
      summary: 'Events',
      tags: ['events'],
      archive: true,
    }),
    attendees: listEndpoints('/admin/content/events/:id/attendees', {
      access: { page: CONTENT_PAGES.event },
      row: attendeeRow,
      tags: ['events'],
      summary: 'An event’s attendees',
      params: idParams,
    }),
    image: contentFileEndpoints('/admin/content/events/:id/images/:fileId', {
      access: { page: CONTENT_PAGES.event },
      tags: ['events'],
      summary: 'An event’s image',
      params: fileParams,
    }),
  },
  documents: {
    ...listEndpoints('/admin/content/documents', {
      access: documentsPage,
      row: documentRow,
      tags: documentTags,
      summary: 'Documents, every version',
    }),
    one: endpoint({
      method: 'GET',
      path: '/admin/content/documents/:id',
      access: documentsPage,
      tags: documentTags,
      summary: 'One document version',
      params: idParams,
      response: documentRow,
    }),
    /** A document's PDF (no thumbnail). */
    file: contentFileEndpoints('/admin/content/documents/:id/file', {
      access: documentsPage,
      tags: documentTags,
      summary: 'A document’s PDF',
      params: idParams,
    }).file,
    create: endpoint({
      method: 'POST',
      path: '/admin/content/documents',
      access: manageDocuments,
      tags: documentTags,
      summary: 'Write a draft version',
      body: documentBody,
      response: documentRow,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/admin/content/documents/:id',
      access: manageDocuments,
      tags: documentTags,
      summary: 'Edit a draft',
      params: idParams,
      body: documentUpdateBody,
      response: documentRow,
    }),
    publish: endpoint({
      method: 'POST',
      path: '/admin/content/documents/:id/publish',
      access: manageDocuments,
      tags: documentTags,
      summary: 'Publish a draft (supersedes the published version of its kind)',
      params: idParams,
      response: documentRow,
    }),
    archive: endpoint({
      method: 'POST',
      path: '/admin/content/documents/:id/archive',
      access: manageDocuments,
      tags: documentTags,
      summary: 'Archive a draft or superseded version',
      params: idParams,
      response: documentRow,
    }),
  },
};

const memberContent = 'member' as const;
const memberContentTags = ['member app: content'] as const;

/** The member app's content files, each served through its record (published, active, for me). */
export const contentAppFileEndpoints = {
  document: contentFileEndpoints('/app/content/documents/:id/file', {
    access: memberContent,
    tags: memberContentTags,
    summary: 'A published document’s PDF',
    params: idParams,
  }).file,
  virtualRoomImage: contentFileEndpoints('/app/content/virtual-room/:id/image', {
    access: memberContent,
    tags: memberContentTags,
    summary: 'A virtual room entry’s image',
    params: idParams,
  }),
  galleryImage: contentFileEndpoints('/app/content/gallery/images/:id', {
    access: memberContent,
    tags: memberContentTags,
    summary: 'A gallery image',
    params: idParams,
  }),
  bannerImage: contentFileEndpoints('/app/content/banners/:id/image', {
    access: memberContent,
    tags: memberContentTags,
    summary: 'A banner’s image',
    params: idParams,
  }),
  eventImage: contentFileEndpoints('/app/content/events/:id/images/:fileId', {
    access: memberContent,
    tags: memberContentTags,
    summary: 'An event’s image',
    params: fileParams,
  }),
};
