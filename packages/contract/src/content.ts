import { z } from 'zod';
import { recordId, text, uniqueArray } from './input';

/** Content pages (PRODUCT.md §3.8): Main Settings and Media. Shared pieces of every content record. */

export const CONTENT_PAGES = {
  social: '/dashboard/mainsettings/socialconnect',
  documents: '/dashboard/mainsettings/terms',
  virtualRoom: '/dashboard/mainsettings/virtualroom',
  gallery: '/dashboard/media/gallery',
  banner: '/dashboard/media/banner',
  event: '/dashboard/media/event',
} as const;

export const CONTENT_MESSAGES = {
  required: (what: string) => `${what} is required`,
  url: 'Enter a web address starting with http:// or https://',
  order: 'Order must be a whole number from 0 to 9999',
  tooLong: (max: number) => `At most ${max.toLocaleString('en-IN')} characters`,
  image: 'Upload an image first',
  productIds: 'Choose products from the catalogue',
  unknownProduct: 'No such product in the catalogue',
  day: 'Enter a date',
  endBeforeStart: 'The end must not be before the start',
  capacity: 'Capacity must be a whole number from 1 to 100000',
  capacityBelowRegistered: 'Capacity cannot be below the members already registered',
} as const;

const M = CONTENT_MESSAGES;

export const contentText = (what: string, max = 120) =>
  text(max, { required: M.required(what), tooLong: M.tooLong(max) });

export const longText = (max = 4000) => text(max, { multiline: true, tooLong: M.tooLong(max) });

/** A web address: http or https only (never javascript:, data: or file:). */
export const webUrl = (what = 'Web address') =>
  text(500, { required: M.required(what), tooLong: M.tooLong(500) }).refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, M.url);

export const sortOrder = z.number({ error: M.order }).int(M.order).min(0, M.order).max(9999, M.order);
export const fileId = (message: string = M.image) => recordId(message);
export const fileIds = (max: number) => uniqueArray(fileId(), max);

/**
 * The partial edit of a create body: every field optional and without its default, so `{}` (or a
 * field left out) changes nothing instead of resetting the field to its default.
 */
export function editOf<S extends z.ZodRawShape>(create: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}

/** Every content row carries these. */
export const contentRowBase = {
  id: z.number().int(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/* ---------- Social Connect ---------- */

export const SOCIAL_ENTITY = 'social_link';
export const socialBody = z.object({
  platform: contentText('Platform', 40),
  url: webUrl('URL'),
  sortOrder: sortOrder.default(0),
});
export type SocialBody = z.infer<typeof socialBody>;
export const socialUpdateBody = editOf(socialBody);
export const socialRow = z.object({ ...contentRowBase, platform: z.string(), url: z.string() });
export type SocialRow = z.infer<typeof socialRow>;
export const appSocialLink = socialRow.pick({ id: true, platform: true, url: true, sortOrder: true });

/* ---------- Virtual Room ---------- */

export const VIRTUAL_ROOM_ENTITY = 'virtual_room';
const MAX_ROOM_PRODUCTS = 50;
const virtualRoomFields = z.object({
  title: contentText('Title'),
  description: longText().default(''),
  imageFileId: fileId().nullish(),
  videoUrl: webUrl('Video link').nullish(),
  productIds: uniqueArray(recordId(M.productIds), MAX_ROOM_PRODUCTS).default([]),
  sortOrder: sortOrder.default(0),
});
export const virtualRoomBody = virtualRoomFields.superRefine((b, ctx) => {
  if (!b.imageFileId && !b.videoUrl)
    ctx.addIssue({
      code: 'custom',
      path: ['imageFileId'],
      message: 'Upload a 360° image or give a video link',
    });
});
export type VirtualRoomBody = z.infer<typeof virtualRoomBody>;
export const virtualRoomUpdateBody = editOf(virtualRoomFields);
export type VirtualRoomUpdateBody = z.infer<typeof virtualRoomUpdateBody>;
export const virtualRoomRow = z.object({
  ...contentRowBase,
  title: z.string(),
  description: z.string(),
  imageFileId: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  productIds: z.array(z.number().int()),
});
export type VirtualRoomRow = z.infer<typeof virtualRoomRow>;
export const appVirtualRoom = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  products: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string() })),
});
