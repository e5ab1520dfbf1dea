import { redemptionsAppEndpoints as api } from '@app/contract/redemptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { redemptionSettingsInForce } from './redemption-settings';
import { memberRedemptions, memberTypeOf } from './redemptions.repository';
import { cancelRedemption, quoteCash, requestRedemption, revealVoucher } from './redemptions.service';
import { rewardsFor } from './rewards.repository';
import { tdsStatementPdf } from './tds-statement';

/** The member app's rewards and redemptions (same authentication and Idempotency-Key as the scan). */
export const redemptionsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  route(app, api.rewards, async (request) => {
    const type = await memberTypeOf(db, memberOf(request).id);
    if (!type) throw notFound('Member');
    return rewardsFor(db, type, (await redemptionSettingsInForce(db)).voucherOutOfStock);
  });

  route(app, api.list, async (request) => memberRedemptions(db, memberOf(request).id));

  route(app, api.redeem, async (request, reply) => {
    const me = memberOf(request);
    return sendIdempotent(
      reply,
      await requestRedemption(app, me.id, request.body, idempotencyOf(request, `member:${me.id}`)),
    );
  });

  route(app, api.cashQuote, async (request) => quoteCash(app, memberOf(request).id, request.query));

  route(app, api.tdsStatement, async (request, reply) => {
    const { name, pdf } = await tdsStatementPdf(db, memberOf(request).id, request.query.year);
    return downloadHeaders(reply, { name, contentType: 'application/pdf', personal: true }).send(pdf);
  });

  route(app, api.revealVoucher, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return revealVoucher(app, memberOf(request).id, request.params.id, request.id);
  });

  route(app, api.cancel, async (request, reply) => {
    const me = memberOf(request);
    const ctx = idempotencyOf(request, `member:${me.id}`);
    return sendIdempotent(reply, await cancelRedemption(app, me.id, request.params.id, ctx, request.id));
  });
};
