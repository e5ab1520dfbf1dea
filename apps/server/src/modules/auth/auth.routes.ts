import { loginBody, loginResponse, staffProfile, updatePasswordBody } from '@app/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import * as service from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/login',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: 'Staff sign-in', body: loginBody, response: { 200: loginResponse } },
    },
    async (request) =>
      service.login(app, request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
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
