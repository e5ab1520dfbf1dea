import type { BannerRow } from '@app/contract/content-media';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { banners } from '../../db/schema/content';
import { defineList } from '../../lib/lists/define';
import { bool, custom, parseDay, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

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

/** The banner record's table and archive column (lib/records). */
export const bannerRecord = { table: banners, archive: banners.active };

export async function bannerImageFileId(db: Executor, id: number) {
  return (await db.select({ f: banners.imageFileId }).from(banners).where(eq(banners.id, id)))[0]?.f;
}
