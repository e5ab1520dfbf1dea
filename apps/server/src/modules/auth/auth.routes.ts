import { authEndpoints as endpoints } from '@app/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './auth.service';
import * as secondFactor from './second-factor';

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Sign-in and its second step are rate-limited per address (a challenge also dies after a few
  // wrong codes); their answers carry a session, so no cache keeps them.
  const limited = { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } };

  route(
    app,
    endpoints.login,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.login(app, request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
    limited,
  );
  route(
    app,
    endpoints.secondFactor,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.passChallenge(app, request.body.challenge, request.body.code, service.openSession);
    },
    limited,
  );
  route(
    app,
    endpoints.enrol,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactor.startEnrolment(app, request.body.challenge);
    },
    limited,
  );
  route(
    app,
    endpoints.confirmEnrolment,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { challenge, code } = request.body;
      return secondFactor.finishEnrolment(app, challenge, code, service.openSession);
    },
    limited,
  );

  route(app, endpoints.logout, async (request, reply) => {
    await service.logout(app, request);
    return reply.header('cache-control', 'no-store').status(204).send(null);
  });

  route(app, endpoints.updatePassword, async (request) => {
    await service.updatePassword(app, staffOf(request), actorOf(request), request.body.password);
    return { ok: true as const };
  });

  route(app, endpoints.me, async (request) => service.profileOf(staffOf(request)));
};
