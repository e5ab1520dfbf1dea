import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { rateLimited } from './lib/errors';
import { registryOf } from './lib/module-contribution';
import { postgresRateLimitStore } from './lib/rate-limits/store';
import { closeSheetPool } from './lib/sheet-upload/sheet-pool';
import type { SmsSender } from './lib/sms';
import { MODULES } from './modules';
import { FcmSender } from './modules/messages/fcm';
import { createOutbox, type Outbox } from './modules/messages/outbox-worker';
import { smsSenderFor } from './modules/messages/sms-providers';
import { WhatsappSender } from './modules/messages/whatsapp';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/delivery-worker';
import { registerAccessControl } from './plugins/access';
import { errorForLog, registerErrorHandling } from './plugins/errors';
import type { Jobs } from './plugins/jobs';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { requestForLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import type { FileStore } from './plugins/storage';
import { registerTracing } from './plugins/tracing';
import { registerWebApp } from './plugins/web-app';
import { registerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    jobs: Jobs;
    files: FileStore;
    sms: SmsSender;
    /** Messages to members: the outbox worker (modules/messages). */
    outbox: Outbox;
    /** Webhooks out: the delivery worker (modules/webhooks). */
    webhooks: WebhookWorker;
    /** WhatsApp template messages (WHATSAPP_TOKEN); null: not configured. */
    whatsapp: WhatsappSender | null;
    /** Push through FCM (FCM_SERVICE_ACCOUNT); null: not configured. */
    push: FcmSender | null;
    /** `draining`: SIGTERM was heard; readiness answers 503 while requests in flight finish (server.ts). */
    lifecycle: { draining: boolean };
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  jobs: Jobs;
  files: FileStore;
  /** Member text messages; defaults to the configured provider (config.messaging.sms). */
  sms?: SmsSender;
  logger?: boolean | object;
}

/** Paths whose values never reach a log line: credentials, tokens and personal numbers. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.otp',
  '*.pan',
  '*.aadhaar',
  '*.accountNumber',
];

/**
 * Whatever logger a caller passes (tests pass their own stream), errors are logged without values
 * and request URLs without the secrets some providers put in them.
 */
function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  if (deps.logger === false) return false;
  const given = typeof deps.logger === 'object' ? (deps.logger as { serializers?: object }) : {};
  return {
    level: deps.config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    ...given,
    serializers: { ...given.serializers, req: requestForLog, err: errorForLog, error: errorForLog },
  };
}

/** Fastify's types take a hop count as a function: trust the nearest `hops` addresses. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(deps.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('jobs', deps.jobs);
  app.decorate('files', deps.files);
  app.decorate('registry', registryOf(MODULES));
  const { messaging, production } = deps.config;
  app.decorate('sms', deps.sms ?? smsSenderFor(messaging.sms, messaging.sendTimeoutMs, app.log, production));
  app.decorate(
    'whatsapp',
    messaging.whatsapp && new WhatsappSender(messaging.whatsapp, messaging.sendTimeoutMs),
  );
  app.decorate('push', messaging.fcm && new FcmSender(messaging.fcm, messaging.sendTimeoutMs));
  app.decorate('outbox', createOutbox(app));
  app.decorate('lifecycle', { draining: false });
  // While draining, a connection closes once its answer is sent: a kept-alive one would otherwise
  // hold the shutdown until the grace period runs out.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  app.decorate('webhooks', createWebhookWorker(app));

  registerSecurityHeaders(
    app,
    deps.config.webOrigins,
    deps.config.mapTiles ? [deps.config.mapTiles.origin] : [],
    deps.files.downloadOrigin ? [deps.files.downloadOrigin] : [],
  );
  if (deps.config.webOrigins.length > 0) {
    await app.register(cors, {
      origin: deps.config.webOrigins,
      exposedHeaders: ['content-disposition', 'x-request-id'],
    });
  }
  // Counters in PostgreSQL: every instance counts the same hits (an in-process store would give each
  // instance its own allowance). A throttled call answers 429 `rate_limited` with Retry-After.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.database.db),
    errorResponseBuilder: (_request, context) =>
      rateLimited(context.ttl / 1000, `Too many requests; try again in ${context.after}`),
  });

  registerErrorHandling(app);
  registerAccessControl(app);
  // Before the routes: their hooks time and trace every route registered after them.
  registerTracing(app);
  registerMetrics(app);
  await registerOpenApi(app);
  await app.register(registerRoutes, { prefix: '/api' });
  await registerWebApp(app);
  app.addHook('onClose', closeSheetPool);
  return app;
}
