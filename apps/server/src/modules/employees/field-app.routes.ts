import { fieldAppEndpoints as e, MAX_VISIT_PHOTO_BYTES } from '@app/contract/field';
import { memberUpload } from '@app/contract/member-app';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listPage } from '../../lib/lists/engine';
import { IMAGES, multipartLimits, receiveFile } from '../../lib/uploads';
import { fieldUserOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { storeUpload } from '../files';
import * as service from './field-app.service';
import { fieldMemberList, onboardingsBy, visitList, visitsBy } from './visits.repository';

/**
 * The field app's API (`/api/field/...`, declared in contract fieldAppEndpoints): its own sign-in and
 * sessions (field_sessions), so a field token opens no staff or member route and neither of theirs
 * opens these. Writes accept `Idempotency-Key` (scoped to the BDE): a field app on a bad network
 * retries safely.
 */
export const fieldAppRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(MAX_VISIT_PHOTO_BYTES));

  route(
    app,
    e.login,
    async (request) => service.login(app, request.body.mobile, request.body.password, request.ip),
    { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } },
  );

  route(app, e.me, async (request) => service.profileOf(app, fieldUserOf(request).id));

  route(
    app,
    e.upload,
    async (request, reply) => {
      const me = fieldUserOf(request);
      const { content } = await receiveFile(request, {
        maxBytes: MAX_VISIT_PHOTO_BYTES,
        fallbackName: 'visit',
      });
      const saved = await storeUpload(
        app,
        { name: `visit-${me.id}`, content, purpose: request.query.purpose, owner: { employeeId: me.id } },
        IMAGES,
        MAX_VISIT_PHOTO_BYTES,
      );
      return reply.status(201).send({ id: saved.id, contentType: saved.contentType, size: saved.size });
    },
    { responses: { 201: memberUpload } },
  );

  route(app, e.checkIn, async (request, reply) => {
    const me = fieldUserOf(request);
    const ctx = idempotencyOf(request, `field:${me.id}`);
    return sendIdempotent(reply, await service.checkIn(app, me.id, request.id, request.body, ctx));
  });

  route(app, e.checkOut, async (request, reply) => {
    const me = fieldUserOf(request);
    const ctx = idempotencyOf(request, `field:${me.id}`);
    return sendIdempotent(
      reply,
      await service.checkOut(app, me.id, request.id, request.params.id, request.body, ctx),
    );
  });

  route(app, e.visits, async (request) =>
    listPage(visitList, app.database.db, request.query, visitsBy(fieldUserOf(request).id)),
  );

  route(app, e.onboard, async (request, reply) => {
    const me = fieldUserOf(request);
    const ctx = idempotencyOf(request, `field:${me.id}`);
    return sendIdempotent(reply, await service.onboardMember(app, me.id, request.id, request.body, ctx));
  });

  route(app, e.members, async (request) =>
    listPage(fieldMemberList, app.database.db, request.query, onboardingsBy(fieldUserOf(request).id)),
  );

  route(app, e.logout, async (request, reply) => {
    await service.logout(app, fieldUserOf(request).sessionId);
    return reply.status(204).send(null);
  });
};
