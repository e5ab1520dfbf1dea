import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers } from './health.repository';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database kind',
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      const ok = await databaseAnswers(app.database.db);
      if (!ok) reply.status(503);
      return { status: ok ? ('ok' as const) : ('degraded' as const), database: app.database.kind };
    },
  );
};
