import {
  checkInBody,
  checkOutBody,
  fieldLoginBody,
  fieldMemberBody,
  fieldMemberRow,
  fieldProfile,
  fieldSession,
  MAX_VISIT_PHOTO_BYTES,
  visitRow,
} from '@app/contract/field';
import { fieldUploadQuery } from '@app/contract/files';
import { idParams } from '@app/contract/input';
import { listQuery, listResult } from '@app/contract/list';
import { idempotencyHeaders, memberUpload } from '@app/contract/member-app';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldOnboardings, fieldVisits } from '../../db/schema/employees';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listPage } from '../../lib/lists/engine';
import { IMAGES, multipartLimits, receiveFile } from '../../lib/uploads';
import { fieldUserOf } from '../../plugins/access';
import { storeUpload } from '../files/files.service';
import * as service from './field-app.service';
import { fieldMemberList, visitList } from './visits.repository';

const tags = ['field app'];
const access = 'field' as const;

/**
 * The field app's API (`/api/field/...`): its own sign-in and sessions (field_sessions), so a field
 * token opens no staff or member route and neither of theirs opens these. Writes accept
 * `Idempotency-Key` (scoped to the BDE): a field app on a bad network retries safely.
 */
export const fieldAppRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(MAX_VISIT_PHOTO_BYTES));

  app.post(
    '/field/login',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'BDE sign-in (mobile and field-app password)',
        body: fieldLoginBody,
        response: { 200: fieldSession },
      },
    },
    async (request) => service.login(app, request.body.mobile, request.body.password, request.ip),
  );

  app.get(
    '/field/me',
    {
      config: { access },
      schema: { tags, summary: 'My profile, territory and target', response: { 200: fieldProfile } },
    },
    async (request) => service.profileOf(app, fieldUserOf(request).id),
  );

  app.post(
    '/field/uploads',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload a visit photo (JPEG, PNG or WebP, 5 MB at most); reference it in a check-in',
        querystring: fieldUploadQuery,
        response: { 201: memberUpload },
      },
    },
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
  );

  app.post(
    '/field/visits',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Check in to a visit',
        headers: idempotencyHeaders,
        body: checkInBody,
        response: { 200: visitRow },
      },
    },
    async (request, reply) => {
      const me = fieldUserOf(request);
      const ctx = idempotencyOf(request, `field:${me.id}`);
      return sendIdempotent(reply, await service.checkIn(app, me.id, request.id, request.body, ctx));
    },
  );

  app.post(
    '/field/visits/:id/check-out',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Check out of my visit',
        params: idParams,
        headers: idempotencyHeaders,
        body: checkOutBody,
        response: { 200: visitRow },
      },
    },
    async (request, reply) => {
      const me = fieldUserOf(request);
      const ctx = idempotencyOf(request, `field:${me.id}`);
      return sendIdempotent(
        reply,
        await service.checkOut(app, me.id, request.id, request.params.id, request.body, ctx),
      );
    },
  );

  app.get(
    '/field/visits',
    {
      config: { access },
      schema: { tags, summary: 'My visits', querystring: listQuery, response: { 200: listResult(visitRow) } },
    },
    async (request) =>
      listPage(
        visitList,
        app.database.db,
        request.query,
        eq(fieldVisits.employeeId, fieldUserOf(request).id),
      ),
  );

  app.post(
    '/field/members',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Onboard a member (pending approval, assigned to me, counted against my target)',
        headers: idempotencyHeaders,
        body: fieldMemberBody,
        response: { 200: fieldMemberRow },
      },
    },
    async (request, reply) => {
      const me = fieldUserOf(request);
      const ctx = idempotencyOf(request, `field:${me.id}`);
      return sendIdempotent(reply, await service.onboardMember(app, me.id, request.id, request.body, ctx));
    },
  );

  app.get(
    '/field/members',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Members I onboarded',
        querystring: listQuery,
        response: { 200: listResult(fieldMemberRow) },
      },
    },
    async (request) =>
      listPage(
        fieldMemberList,
        app.database.db,
        request.query,
        eq(fieldOnboardings.employeeId, fieldUserOf(request).id),
      ),
  );

  app.post(
    '/field/logout',
    { config: { access }, schema: { tags, summary: 'End this session', response: { 204: z.null() } } },
    async (request, reply) => {
      await service.logout(app, fieldUserOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );
};
