import { z } from 'zod';
import {
  appSocialLink,
  appVirtualRoom,
  contentRowBase,
  contentText,
  editOf,
  fileId,
  longText,
  CONTENT_MESSAGES as M,
  sortOrder,
  webUrl,
} from './content';
import { appDocument } from './content-documents';
import { endpoint } from './endpoint';
import { idParams, recordId, text, uniqueArray } from './input';
import { idempotencyHeaders } from './member-app';
import { INDIAN_STATES, MEMBER_TYPES } from './members';

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
  documents: memberList(
    '/app/content/documents',
    'The latest published version of each document',
    appDocument,
  ),
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
