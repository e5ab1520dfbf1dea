import { idParams } from '@app/contract/input';
import { idempotencyHeaders } from '@app/contract/member-app';
import {
  appRedemption,
  appReward,
  appVoucherRevealed,
  redemptionRequestBody,
} from '@app/contract/redemptions';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { members } from '../../db/schema/members';
import { notFound } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf, memberWrite } from '../../plugins/access';
import { redemptionSettingsInForce } from './redemption-settings';
import { memberRedemptions } from './redemptions.repository';
import { cancelRedemption, requestRedemption, revealVoucher } from './redemptions.service';
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
        summary:
          'What I may redeem now: active, for my member type, a gift in stock, a voucher in stock or waiting for stock (says so)',
        response: { 200: z.array(appReward) },
      },
    },
    async (request) => {
      const [me] = await db
        .select({ type: members.type })
        .from(members)
        .where(eq(members.id, memberOf(request).id));
      if (!me) throw notFound('Member');
      return rewardsFor(db, me.type, (await redemptionSettingsInForce(db)).voucherOutOfStock);
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
      config: memberWrite('redeem'),
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
    '/app/redemptions/:id/voucher',
    {
      config: memberWrite('revealVoucher'),
      schema: {
        tags,
        summary: "Show my e-voucher's code and full PIN (each reveal is recorded)",
        params: idParams,
        response: { 200: appVoucherRevealed },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return revealVoucher(app, memberOf(request).id, request.params.id, request.id);
    },
  );

  app.post(
    '/app/redemptions/:id/cancel',
    {
      config: memberWrite('cancelRedemption'),
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
