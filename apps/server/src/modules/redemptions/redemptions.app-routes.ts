import { idParams } from '@app/contract/input';
import { idempotencyHeaders } from '@app/contract/member-app';
import { appRedemption, appReward, redemptionRequestBody } from '@app/contract/redemptions';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { members } from '../../db/schema/members';
import { notFound } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { memberRedemptions } from './redemptions.repository';
import { cancelRedemption, requestRedemption } from './redemptions.service';
import { rewardsFor } from './rewards.repository';

const tags = ['member app'];

/** The member app's rewards and redemptions (same authentication and Idempotency-Key as the scan). */
export const redemptionsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/app/rewards',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'What I may redeem now: active, for my member type, a gift in stock',
        response: { 200: z.array(appReward) },
      },
    },
    async (request) => {
      const [me] = await db
        .select({ type: members.type })
        .from(members)
        .where(eq(members.id, memberOf(request).id));
      if (!me) throw notFound('Member');
      return rewardsFor(db, me.type);
    },
  );

  app.get(
    '/app/redemptions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My redemptions, newest first, with their state history',
        response: { 200: z.array(appRedemption) },
      },
    },
    async (request) => memberRedemptions(db, memberOf(request).id),
  );

  app.post(
    '/app/redemptions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Redeem a gift, an e-voucher or cash: the points are held at once',
        headers: idempotencyHeaders,
        body: redemptionRequestBody,
        response: { 200: appRedemption },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      return sendIdempotent(
        reply,
        await requestRedemption(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
      );
    },
  );

  app.post(
    '/app/redemptions/:id/cancel',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Cancel my redemption before it is approved; the points come back',
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: appRedemption },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      return sendIdempotent(
        reply,
        await cancelRedemption(
          app,
          me.id,
          request.params.id,
          idempotencyOf(request, `member:${me.id}`),
          request.id,
        ),
      );
    },
  );
};
