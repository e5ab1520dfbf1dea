import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied } from '../../db/migrate';
import { databaseAnswers, keyIsCurrent } from './health.repository';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'postgres']),
});

const readyBody = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** Each check by name: true passed. `draining`: the instance is shutting down (SIGTERM). */
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    encryptionKey: z.boolean(),
    storage: z.boolean(),
    draining: z.boolean(),
  }),
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

  // Liveness: the process answers. Nothing outside it is asked, so a database outage makes
  // instances not ready (taken out of the balancer), never restarted in a loop.
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: whether this instance should be sent traffic now.
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, migrations, encryption key and file storage; not while shutting down',
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (_request, reply) => {
      const { db } = app.database;
      const [database, migrations, encryptionKey, storage] = await Promise.all([
        databaseAnswers(db),
        migrationsApplied(app.database),
        keyIsCurrent(db, app.config.encryptionKey),
        app.files.reachable(),
      ]);
      const draining = app.lifecycle.draining;
      const ready = database && migrations && encryptionKey && storage && !draining;
      if (!ready) reply.status(503);
      return {
        status: ready ? ('ready' as const) : ('not-ready' as const),
        checks: { database, migrations, encryptionKey, storage, draining },
      };
    },
  );
};
