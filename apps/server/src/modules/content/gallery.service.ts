import { ALBUM_ENTITY, type AlbumRow, type GalleryImageRow } from '@app/contract/content-media';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { galleryAlbums, galleryImages } from '../../db/schema/content';
import { files } from '../../db/schema/files';
import { type Actor, audit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { claimContentFile } from './content-files';

const live = sql`${galleryImages.active}`;
const imageCount = sql<number>`(select count(*)::int from gallery_images i where i.album_id = gallery_albums.id and i.active)`;
const coverImageId = sql<
  number | null
>`(select i.id::int from gallery_images i where i.album_id = gallery_albums.id
  and i.active order by i.sort_order, i.id limit 1)`;

export const albumList = defineList<AlbumRow>({
  columns: {
    id: galleryAlbums.id,
    title: { sql: galleryAlbums.title, label: 'Title', width: 28 },
    description: { sql: galleryAlbums.description, label: 'Description', width: 40 },
    imageCount: { sql: imageCount, label: 'Images', format: 'int', width: 8 },
    coverImageId,
    sortOrder: { sql: galleryAlbums.sortOrder, label: 'Order', format: 'int', width: 8 },
    active: { sql: galleryAlbums.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: isoText(galleryAlbums.createdAt), label: 'Created', format: 'datetime', width: 20 },
    updatedAt: isoText(galleryAlbums.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(galleryAlbums).$dynamic(),
  filters: { q: text(galleryAlbums.title), active: bool(galleryAlbums.active) },
  sort: { id: galleryAlbums.id, sortOrder: galleryAlbums.sortOrder, title: galleryAlbums.title },
  defaultSort: 'sortOrder',
  defaultOrder: 'ASC',
  id: galleryAlbums.id,
});

/** The album record's table and archive column (lib/records). */
export const albumRecord = { table: galleryAlbums, archive: galleryAlbums.active };

/** The image list's scope: one album's images. */
export const imagesOf = (albumId: number) => eq(galleryImages.albumId, albumId);

/** The live images of an album, in order. */
export const imageList = defineList<GalleryImageRow>({
  columns: {
    id: galleryImages.id,
    albumId: galleryImages.albumId,
    caption: { sql: galleryImages.caption, label: 'Caption', width: 30 },
    sortOrder: { sql: galleryImages.sortOrder, label: 'Order', format: 'int', width: 8 },
    contentType: files.contentType,
    name: { sql: files.name, label: 'File', width: 24 },
    createdAt: { sql: isoText(galleryImages.createdAt), label: 'Added', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db.select(fields).from(galleryImages).innerJoin(files, eq(files.id, galleryImages.fileId)).$dynamic(),
  where: live,
  filters: { q: text(galleryImages.caption) },
  sort: { id: galleryImages.id, sortOrder: galleryImages.sortOrder },
  defaultSort: 'sortOrder',
  defaultOrder: 'ASC',
  id: galleryImages.id,
});

async function lockAlbum(tx: Executor, albumId: number) {
  const [album] = await tx
    .select({ id: galleryAlbums.id })
    .from(galleryAlbums)
    .where(eq(galleryAlbums.id, albumId))
    .for('update');
  if (!album) throw notFound('Album');
}

const liveImages = (tx: Executor, albumId: number) =>
  tx
    .select({ id: galleryImages.id, caption: galleryImages.caption })
    .from(galleryImages)
    .where(and(eq(galleryImages.albumId, albumId), live))
    .orderBy(galleryImages.sortOrder, galleryImages.id);

/** Adds an image (the caller's own upload) at the end of the album. */
export function addImage(
  app: FastifyInstance,
  actor: Actor,
  albumId: number,
  body: { fileId: number; caption: string },
) {
  return app.database.db.transaction(async (tx) => {
    await lockAlbum(tx, albumId);
    await claimContentFile(tx, actor, body.fileId, null, 'fileId');
    const [row] = await tx
      .insert(galleryImages)
      .values({
        albumId,
        fileId: body.fileId,
        caption: body.caption,
        sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from gallery_images where album_id = ${albumId})`,
      })
      .returning({ id: galleryImages.id });
    await audit(tx, actor, {
      action: 'gallery_album.image_added',
      entity: ALBUM_ENTITY,
      entityId: albumId,
      after: { imageId: row!.id, fileId: body.fileId, caption: body.caption },
    });
    return (await liveImages(tx, albumId)).find((i) => i.id === row!.id)!;
  });
}

/** Puts the album's images in the given order: every live image of the album, each once. */
export function reorderImages(app: FastifyInstance, actor: Actor, albumId: number, imageIds: number[]) {
  return app.database.db.transaction(async (tx) => {
    await lockAlbum(tx, albumId);
    const before = (await liveImages(tx, albumId)).map((i) => i.id);
    const same = before.length === imageIds.length && imageIds.every((id) => before.includes(id));
    if (!same) throw fieldError('imageIds', 'List every image of the album, each once');
    for (const [i, id] of imageIds.entries())
      await tx.update(galleryImages).set({ sortOrder: i }).where(eq(galleryImages.id, id));
    await audit(tx, actor, {
      action: 'gallery_album.reordered',
      entity: ALBUM_ENTITY,
      entityId: albumId,
      before: { imageIds: before },
      after: { imageIds },
    });
    return { imageIds };
  });
}

/** Archives one image of an album (it leaves the app; its file stays). */
export function archiveImage(app: FastifyInstance, actor: Actor, albumId: number, imageId: number) {
  return app.database.db.transaction(async (tx) => {
    await lockAlbum(tx, albumId);
    const [done] = await tx
      .update(galleryImages)
      .set({ active: false })
      .where(and(eq(galleryImages.id, imageId), eq(galleryImages.albumId, albumId), live))
      .returning({ id: galleryImages.id, caption: galleryImages.caption });
    if (!done) throw notFound('Image');
    await audit(tx, actor, {
      action: 'gallery_album.image_archived',
      entity: ALBUM_ENTITY,
      entityId: albumId,
      before: { imageId, caption: done.caption },
    });
    return { id: imageId };
  });
}

export async function imageFileOf(app: FastifyInstance, albumId: number, imageId: number) {
  const [row] = await app.database.db
    .select({ fileId: galleryImages.fileId })
    .from(galleryImages)
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.albumId, albumId)));
  return row?.fileId;
}
