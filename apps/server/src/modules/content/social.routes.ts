import {
  SOCIAL_ENTITY,
  type SocialRow,
  socialBody,
  socialRow,
  socialUpdateBody,
} from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialLinks } from '../../db/schema/content';
import { defineList } from '../../lib/lists/define';
import { bool, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { recordRoutes } from '../../lib/records';

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

/** Social Connect: the programme's links on social platforms, in the app's order. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: contentEndpoints.social,
    entity: SOCIAL_ENTITY,
    label: 'Social link',
    table: socialLinks,
    list: socialList,
    row: socialRow,
    create: socialBody,
    update: socialUpdateBody,
    fileName: 'social-links',
    archive: socialLinks.active,
  });
};
