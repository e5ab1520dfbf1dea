import { memberAppEndpoints as api } from '@app/contract/member-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { listOwnLedger } from '../ledger';
import { endMemberSession, requestOtp } from '../member-auth';
import * as service from './member-app.service';

/** Sign-in and registration are open to anyone: a per-address limit keeps them from being hammered. */
const limited = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

/** The member app's API: sign-in by one-time code, registration, profile, ledger, terms. */
export const memberAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.requestOtp, async (request) => requestOtp(app, request.body, request.ip), limited);

  route(
    app,
    api.login,
    async (request) => service.login(app, request.body.mobile, request.body.code, request.ip),
    limited,
  );

  route(
    app,
    api.register,
    async (request, reply) =>
      sendIdempotent(
        reply,
        await service.register(
          app,
          request.body,
          idempotencyOf(request, `mobile:${request.body.mobile}`),
          request.ip,
        ),
      ),
    limited,
  );

  route(app, api.logout, async (request, reply) => {
    await endMemberSession(app, memberOf(request).sessionId);
    return reply.status(204).send(null);
  });

  route(app, api.profile, async (request) => service.profileOf(app.database.db, memberOf(request).id));

  route(app, api.ledger, async (request) =>
    listOwnLedger(app.database.db, memberOf(request).id, request.query),
  );

  route(app, api.acceptTerms, async (request, reply) => {
    const me = memberOf(request);
    const ctx = idempotencyOf(request, `member:${me.id}`);
    return sendIdempotent(reply, await service.acceptTerms(app, me.id, request.body.version, ctx));
  });
};
