import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
      const ok = await app.database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      if (!ok) reply.status(503);
      return { status: ok ? ('ok' as const) : ('degraded' as const), database: app.database.kind };
    },
  );
};
