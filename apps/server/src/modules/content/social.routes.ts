import { SOCIAL_ENTITY, socialBody, socialRow, socialUpdateBody } from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../../lib/records';
import { socialList, socialRecord } from './social.repository';

/** Social Connect: the programme's links on social platforms, in the app's order. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: contentEndpoints.social,
    entity: SOCIAL_ENTITY,
    label: 'Social link',
    ...socialRecord,
    list: socialList,
    row: socialRow,
    create: socialBody,
    update: socialUpdateBody,
    fileName: 'social-links',
  });
};
