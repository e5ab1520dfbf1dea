import {
  enrolled,
  enrolment,
  enrolStartBody,
  loginAnswer,
  loginBody,
  loginResponse,
  secondFactorBody,
  staffProfile,
  updatePasswordBody,
} from '@app/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import * as service from './auth.service';
import * as secondFactor from './second-factor';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/login',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in: a session, or a challenge when a second factor is needed',
        body: loginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.login(app, request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );

  // The second step of sign-in; each takes the challenge the password step gave, and is rate-limited
  // like sign-in (a challenge also dies after a few wrong codes).
  const stepConfig = {
    access: 'public' as const,
    rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' },
  };
  app.post(
    '/admin/login/second-factor',
    {
      config: stepConfig,
      schema: {
        tags: ['auth'],
        summary: 'Second step of sign-in: a code from the authenticator app, or a recovery code',
        body: secondFactorBody,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.passChallenge(app, request.body.challenge, request.body.code, service.openSession);
    },
  );
  app.post(
    '/admin/login/enrol',
    {
      config: stepConfig,
      schema: {
        tags: ['auth'],
        summary: 'Set up an authenticator (the role requires one): a new secret and its QR code',
        body: enrolStartBody,
        response: { 200: enrolment },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.startEnrolment(app, request.body.challenge);
    },
  );
  app.post(
    '/admin/login/enrol/confirm',
    {
      config: stepConfig,
      schema: {
        tags: ['auth'],
        summary: 'Finish setting up the authenticator with a code from it: a session and recovery codes',
        body: secondFactorBody,
        response: { 200: enrolled },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.finishEnrolment(
        app,
        request.body.challenge,
        request.body.code,
        service.openSession,
      );
    },
  );

  app.get(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End the session of the token sent (idempotent)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.logout(app, request);
      return reply.header('cache-control', 'no-store').status(204).send(null);
    },
  );

  app.put(
    '/admin/updatePassword',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: 'Change my password',
        body: updatePasswordBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.updatePassword(app, staffOf(request), actorOf(request), request.body.password);
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/me',
    {
      config: { access: 'staff' },
      schema: { tags: ['auth'], summary: 'My profile and permissions', response: { 200: staffProfile } },
    },
    async (request) => service.profileOf(staffOf(request)),
  );
};
