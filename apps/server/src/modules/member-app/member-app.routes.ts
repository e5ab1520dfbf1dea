import { memberLedgerEntry } from '@app/contract/ledger';
import { listQuery, listResult } from '@app/contract/list';
import {
  acceptTermsBody,
  idempotencyHeaders,
  memberLoginBody,
  memberProfile,
  memberSession,
  otpRequestBody,
  otpSent,
  registerBody,
} from '@app/contract/member-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { memberOf, memberWrite } from '../../plugins/access';
import { listOwnLedger } from '../ledger';
import { endMemberSession } from '../member-auth/member-sessions';
import { requestOtp } from '../member-auth/otp.service';
import * as service from './member-app.service';

const tags = ['member app'];
const publicLimited = { access: 'public' as const, rateLimit: { max: 20, timeWindow: '1 minute' } };

/** The member app's API: sign-in by one-time code, registration, profile, ledger, terms. */
export const memberAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/otp',
    {
      config: publicLimited,
      schema: {
        tags,
        summary: 'Send a one-time sign-in code by SMS',
        body: otpRequestBody,
        response: { 200: otpSent },
      },
    },
    async (request) => requestOtp(app, request.body.mobile),
  );

  app.post(
    '/app/login',
    {
      config: publicLimited,
      schema: {
        tags,
        summary: 'Sign in with the code',
        body: memberLoginBody,
        response: { 200: memberSession },
      },
    },
    async (request) => service.login(app, request.body.mobile, request.body.code),
  );

  app.post(
    '/app/register',
    {
      config: publicLimited,
      schema: {
        tags,
        summary: 'Register (pending approval) and sign in; Idempotency-Key scoped to the mobile',
        headers: idempotencyHeaders,
        body: registerBody,
        response: { 200: memberSession },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await service.register(app, request.body, idempotencyOf(request, `mobile:${request.body.mobile}`)),
      ),
  );

  app.post(
    '/app/logout',
    {
      config: memberWrite('logout'),
      schema: { tags, summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endMemberSession(app, memberOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/app/profile',
    {
      config: { access: 'member' },
      schema: { tags, summary: 'My profile and balance', response: { 200: memberProfile } },
    },
    async (request) => service.profileOf(app.database.db, memberOf(request).id),
  );

  app.get(
    '/app/ledger',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'My points ledger',
        querystring: listQuery,
        response: { 200: listResult(memberLedgerEntry) },
      },
    },
    async (request) => listOwnLedger(app.database.db, memberOf(request).id, request.query),
  );

  app.post(
    '/app/terms/accept',
    {
      config: memberWrite('acceptTerms'),
      schema: {
        tags,
        summary: 'Accept the current terms version',
        headers: idempotencyHeaders,
        body: acceptTermsBody,
        response: { 200: memberProfile },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const ctx = idempotencyOf(request, `member:${me.id}`);
      return sendIdempotent(reply, await service.acceptTerms(app, me.id, request.body.version, ctx));
    },
  );
};
