import {
  BANNER_ENTITY,
  type BannerBody,
  type BannerRow,
  bannerBody,
  bannerRow,
  bannerUpdateBody,
  contentEndpoints,
} from '@app/contract/content-media';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { banners } from '../../db/schema/content';
import { fieldError } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { bool, custom, parseDay, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { claimContentFile, fileRoutes } from './content-files';

export const bannerList = defineList<BannerRow>({
  columns: {
    id: banners.id,
    title: { sql: banners.title, label: 'Title', width: 28 },
    imageFileId: banners.imageFileId,
    linkUrl: { sql: banners.linkUrl, label: 'Link target', width: 30 },
    memberTypes: { sql: banners.memberTypes, label: 'Member types (empty: all)', format: 'list', width: 24 },
    states: { sql: banners.states, label: 'States (empty: all)', format: 'list', width: 24 },
    startsOn: { sql: banners.startsOn, label: 'Starts', format: 'date', width: 12 },
    endsOn: { sql: banners.endsOn, label: 'Ends', format: 'date', width: 12 },
    sortOrder: { sql: banners.sortOrder, label: 'Order', format: 'int', width: 8 },
    active: { sql: banners.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: isoText(banners.createdAt), label: 'Created', format: 'datetime', width: 20 },
    updatedAt: isoText(banners.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(banners).$dynamic(),
  filters: {
    q: text(banners.title),
    active: bool(banners.active),
    /** Shown in the app on this IST day: active and the day within its dates (the dashboard's "live"). */
    liveOn: custom((value, key) => {
      const day = parseDay(value, key);
      return sql`${banners.active} and ${banners.startsOn} <= ${day}::date and ${banners.endsOn} >= ${day}::date`;
    }),
  },
  sort: { id: banners.id, sortOrder: banners.sortOrder, startsOn: banners.startsOn, endsOn: banners.endsOn },
  defaultSort: 'sortOrder',
  defaultOrder: 'ASC',
  id: banners.id,
});

async function values(tx: Executor, body: Partial<BannerBody>, { actor, before }: WriteContext<BannerRow>) {
  await claimContentFile(tx, actor, body.imageFileId, before?.imageFileId, 'imageFileId');
  // A partial edit of one date is checked against the other as stored.
  const startsOn = body.startsOn ?? before?.startsOn;
  const endsOn = body.endsOn ?? before?.endsOn;
  if (startsOn && endsOn && endsOn < startsOn)
    throw fieldError('endsOn', 'The end must not be before the start');
  return body;
}

/** Banners of the app's home screen: image, link, audience (member types, states) and IST days. */
export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: contentEndpoints.banners,
    entity: BANNER_ENTITY,
    label: 'Banner',
    table: banners,
    list: bannerList,
    row: bannerRow,
    create: bannerBody,
    update: bannerUpdateBody,
    values,
    fileName: 'banners',
    archive: banners.active,
  });
  fileRoutes(app, {
    endpoints: contentEndpoints.banners.image,
    resolve: async (a, p) =>
      (await a.database.db.select({ f: banners.imageFileId }).from(banners).where(eq(banners.id, p.id)))[0]
        ?.f,
  });
};
