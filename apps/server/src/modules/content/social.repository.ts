import type { SocialRow } from '@app/contract/content';
import { socialLinks } from '../../db/schema/content';
import { defineList } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

export const socialList = defineList<SocialRow>({
  columns: {
    id: socialLinks.id,
    platform: { sql: socialLinks.platform, label: 'Platform', width: 16 },
    url: { sql: socialLinks.url, label: 'URL', width: 40 },
    sortOrder: { sql: socialLinks.sortOrder, label: 'Order', format: 'int', width: 8 },
    active: { sql: socialLinks.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: isoText(socialLinks.createdAt), label: 'Created', format: 'datetime', width: 20 },
    updatedAt: isoText(socialLinks.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(socialLinks).$dynamic(),
  filters: { q: text(socialLinks.platform, socialLinks.url), active: bool(socialLinks.active) },
  sort: { id: socialLinks.id, sortOrder: socialLinks.sortOrder, platform: socialLinks.platform },
  defaultSort: 'sortOrder',
  defaultOrder: 'ASC',
  id: socialLinks.id,
});

/** The social link record's table and archive column (lib/records). */
export const socialRecord = { table: socialLinks, archive: socialLinks.active };
