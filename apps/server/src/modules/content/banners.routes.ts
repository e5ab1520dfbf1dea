import {
  BANNER_ENTITY,
  type BannerBody,
  type BannerRow,
  bannerBody,
  bannerRow,
  bannerUpdateBody,
  contentEndpoints,
} from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { bannerImageFileId, bannerList, bannerRecord } from './banners.repository';
import { claimContentFile, fileRoutes } from './content-files';

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
    ...bannerRecord,
    list: bannerList,
    row: bannerRow,
    create: bannerBody,
    update: bannerUpdateBody,
    values,
    fileName: 'banners',
  });
  fileRoutes(app, {
    endpoints: contentEndpoints.banners.image,
    resolve: (a, p) => bannerImageFileId(a.database.db, p.id),
  });
};
