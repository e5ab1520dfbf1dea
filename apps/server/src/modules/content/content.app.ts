import { type AppDocument, DOCUMENT_LANGUAGES, type DocumentLanguage } from '@app/contract/content-documents';
import { todayInIndia } from '@app/contract/format';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { banners, galleryAlbums, galleryImages, socialLinks, virtualRooms } from '../../db/schema/content';
import { members } from '../../db/schema/members';
import { products } from '../../db/schema/products';
import { publishedDocuments } from './documents.repository';

/** What the member app reads: only active (unarchived) records, in their order. */

const APP = '/api/app/content';

export const appSocial = (db: Executor) =>
  db
    .select({
      id: socialLinks.id,
      platform: socialLinks.platform,
      url: socialLinks.url,
      sortOrder: socialLinks.sortOrder,
    })
    .from(socialLinks)
    .where(and(eq(socialLinks.active, true)))
    .orderBy(asc(socialLinks.sortOrder), asc(socialLinks.id));

/**
 * The published documents in the member's language (the one the app asks in, else the stored one):
 * each language's title and text where staff wrote them, the English ones where that language's is
 * empty (`language` says which the member reads).
 */
export async function appDocuments(db: Executor, memberId: number, asked?: string): Promise<AppDocument[]> {
  // The language the app shows right now (it may be a moment ahead of the member's stored one).
  const [member] = asked
    ? [{ language: asked }]
    : await db.select({ language: members.language }).from(members).where(eq(members.id, memberId));
  const language = member?.language as DocumentLanguage | undefined;
  return (await publishedDocuments(db)).map((d) => {
    const own = language && DOCUMENT_LANGUAGES.includes(language) ? d.translations?.[language] : undefined;
    return {
      id: d.id,
      kind: d.kind,
      version: d.version,
      title: own?.title || d.title,
      format: d.format,
      body: own?.body || d.body,
      language: own?.body && language ? language : 'en',
      fileUrl: d.fileId ? `${APP}/documents/${d.id}/file` : null,
      publishedAt: d.publishedAt ?? '',
    };
  });
}

const liveRoom = and(eq(virtualRooms.active, true));

export async function appVirtualRoom(db: Executor) {
  const rooms = await db
    .select()
    .from(virtualRooms)
    .where(liveRoom)
    .orderBy(asc(virtualRooms.sortOrder), asc(virtualRooms.id));
  const ids = [...new Set(rooms.flatMap((r) => r.productIds))];
  const named = ids.length
    ? await db
        .select({ id: products.id, sku: products.sku, name: products.name })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(named.map((p) => [p.id, p]));
  return rooms.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    imageUrl: r.imageFileId ? `${APP}/virtual-room/${r.id}/image` : null,
    videoUrl: r.videoUrl,
    products: r.productIds.flatMap((id) => byId.get(id) ?? []),
  }));
}

export async function appRoomImage(db: Executor, id: number) {
  const [row] = await db
    .select({ fileId: virtualRooms.imageFileId })
    .from(virtualRooms)
    .where(and(eq(virtualRooms.id, id), liveRoom));
  return row?.fileId;
}

const liveAlbum = and(eq(galleryAlbums.active, true));

export async function appGallery(db: Executor) {
  const albums = await db
    .select()
    .from(galleryAlbums)
    .where(liveAlbum)
    .orderBy(asc(galleryAlbums.sortOrder), asc(galleryAlbums.id));
  const images = albums.length
    ? await db
        .select()
        .from(galleryImages)
        .where(
          and(
            inArray(
              galleryImages.albumId,
              albums.map((a) => a.id),
            ),
            eq(galleryImages.active, true),
          ),
        )
        .orderBy(asc(galleryImages.sortOrder), asc(galleryImages.id))
    : [];
  return albums.map((a) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    images: images
      .filter((i) => i.albumId === a.id)
      .map((i) => ({
        id: i.id,
        caption: i.caption,
        url: `${APP}/gallery/images/${i.id}`,
        thumbnailUrl: `${APP}/gallery/images/${i.id}/thumbnail`,
      })),
  }));
}

export async function appGalleryImage(db: Executor, id: number) {
  const [row] = await db
    .select({ fileId: galleryImages.fileId })
    .from(galleryImages)
    .innerJoin(galleryAlbums, eq(galleryAlbums.id, galleryImages.albumId))
    .where(and(eq(galleryImages.id, id), eq(galleryImages.active, true), liveAlbum));
  return row?.fileId;
}

/**
 * The banners a member sees today: active, today's IST day within the dates, and meant for the
 * member's type and state (an empty list means everyone).
 */
export function bannersFor(db: Executor, memberId: number, now = new Date()) {
  const today = todayInIndia(now);
  const me = db
    .select({ type: members.type, state: members.state })
    .from(members)
    .where(eq(members.id, memberId))
    .as('me');
  return db
    .select({
      id: banners.id,
      title: banners.title,
      linkUrl: banners.linkUrl,
      sortOrder: banners.sortOrder,
      imageFileId: banners.imageFileId,
    })
    .from(banners)
    .innerJoin(me, sql`true`)
    .where(
      and(
        eq(banners.active, true),
        sql`${banners.startsOn} <= ${today}::date and ${banners.endsOn} >= ${today}::date`,
        sql`(cardinality(${banners.memberTypes}) = 0 or ${me.type} = any(${banners.memberTypes}))`,
        sql`(cardinality(${banners.states}) = 0 or ${me.state} = any(${banners.states}))`,
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

export async function appBanners(db: Executor, memberId: number) {
  return (await bannersFor(db, memberId)).map(({ imageFileId: _f, ...b }) => ({
    ...b,
    imageUrl: `${APP}/banners/${b.id}/image`,
  }));
}

export async function appBannerImage(db: Executor, memberId: number, id: number) {
  return (await bannersFor(db, memberId)).find((b) => b.id === id)?.imageFileId;
}
