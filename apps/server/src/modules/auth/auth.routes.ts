import { authEndpoints as endpoints } from '@app/contract/auth';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './auth.service';
import * as secondFactor from './second-factor';
import { deviceCookie, deviceTokenFor } from './sign-in-device';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Sign-in and its second step are rate-limited per address (a challenge also dies after a few
  // wrong codes). No cache keeps their answers: the access plugin sends no-store on every API answer.
  const limited = { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } } };

  route(
    app,
    endpoints.login,
    async (request, reply) => {
      const device = deviceTokenFor(request.headers.cookie);
      const { email, password } = request.body;
      const answer = await service.login(app, email, password, clientOf(request), device);
      // Only a right password gets here: from now on this browser is a known device for the account.
      reply.header('set-cookie', deviceCookie(device, app.config.production));
      return answer;
    },
    limited,
  );
  route(
    app,
    endpoints.secondFactor,
    async (request) => {
      const { challenge, code } = request.body;
      return secondFactor.passChallenge(app, challenge, code, clientOf(request), service.openSession);
    },
    limited,
  );
  route(
    app,
    endpoints.enrol,
    async (request) => {
      return secondFactor.startEnrolment(app, request.body.challenge, clientOf(request));
    },
    limited,
  );
  route(
    app,
    endpoints.confirmEnrolment,
    async (request) => {
      const { challenge, code } = request.body;
      return secondFactor.finishEnrolment(app, challenge, code, clientOf(request), service.openSession);
    },
    limited,
  );

  route(app, endpoints.logout, async (request, reply) => {
    await service.logout(app, request);
    return reply.status(204).send(null);
  });

  route(app, endpoints.updatePassword, async (request) => {
    await service.updatePassword(app, staffOf(request), actorOf(request), request.body.password);
    return { ok: true as const };
  });

  route(app, endpoints.me, async (request) => service.profileOf(staffOf(request)));
  // One's own preferences only: the staff id comes from the session, never from the request.
  route(app, endpoints.preferences, async (request) => service.preferences(app, staffOf(request).id));
  route(app, endpoints.savePreferences, async (request) =>
    service.savePreferences(app, staffOf(request).id, request.body),
  );
};
