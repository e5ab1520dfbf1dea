import {
  integrationApiEndpoints as api,
  integrationsEndpoints as e,
  INTEGRATION_SCOPES,
  SERVICE_ACCOUNT_ENTITY,
} from '@app/contract/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { unauthorized } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { route } from '../../plugins/endpoint-routes';
import {
  pushInvoicesOnce,
  upsertDistributor,
  upsertProductByCode,
  upsertStore,
} from './integration-api.service';
import * as admin from './integrations.service';
import { ledgerSince, membersSince, payoutsSince, redemptionsSince } from './sync.repository';

/** 1,000 invoice lines of JSON with room to spare. */
const PUSH_BODY_LIMIT = 4 * 1024 * 1024;

/** Main Settings → Integrations: service accounts and their keys, each asked for and approved by two people. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, e.accounts, async () => ({ rows: await admin.listAccounts(app.database.db) }));
  route(app, e.createAccount, async (request) => admin.requestAccount(app, actorOf(request), request.body));
  route(app, e.decideAccount, async (request) =>
    admin.decideAccount(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.keys, async () => ({ rows: await admin.listKeys(app.database.db) }));
  route(app, e.createKey, async (request) =>
    admin.requestKey(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.decideKey, async (request) =>
    admin.decideKey(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.rotateKey, async (request) =>
    admin.requestRotation(app, actorOf(request), request.params.id, request.body.overlapHours),
  );
  route(app, e.revokeKey, async (request) => admin.revokeKey(app, actorOf(request), request.params.id));
};

/**
 * The integration API: opened by service accounts' API keys only (access `{ integration: scope }`).
 * Every call a key makes, refused or not, is audited under its account's name.
 */
export const integrationApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.integration;
    if (!caller) return;
    await audit(app.database.db, actorOf(request), {
      action: 'integration.called',
      entity: SERVICE_ACCOUNT_ENTITY,
      entityId: caller.accountId,
      after: {
        key: caller.prefix,
        method: request.method,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ip: request.ip,
      },
    }).catch((error: unknown) => request.log.error({ err: error }, 'integration call not audited'));
  });

  const callerOf = (request: Parameters<typeof actorOf>[0]) => {
    if (!request.integration) throw unauthorized();
    return request.integration;
  };

  route(
    app,
    api.pushInvoices,
    async (request, reply) => {
      const caller = callerOf(request);
      const idempotency = idempotencyOf(request, `integration:${caller.accountId}:invoices`);
      return sendIdempotent(reply, await pushInvoicesOnce(app, actorOf(request), idempotency, request.body));
    },
    { bodyLimit: PUSH_BODY_LIMIT },
  );
  route(app, api.upsertDistributor, async (request) =>
    upsertDistributor(app, actorOf(request), request.params.code, request.body),
  );
  route(app, api.upsertProduct, async (request) =>
    upsertProductByCode(app, actorOf(request), request.params.code, request.body),
  );
  route(app, api.upsertStore, async (request) =>
    upsertStore(app, actorOf(request), request.params.code, request.body),
  );

  const { db } = app.database;
  route(app, api.members, async (request) =>
    membersSince(
      db,
      request.query.cursor,
      request.query.limit,
      callerOf(request).scopes.has(INTEGRATION_SCOPES.reveal),
    ),
  );
  route(app, api.ledger, async (request) => ledgerSince(db, request.query.cursor, request.query.limit));
  route(app, api.redemptions, async (request) =>
    redemptionsSince(db, request.query.cursor, request.query.limit),
  );
  route(app, api.payouts, async (request) => payoutsSince(db, request.query.cursor, request.query.limit));
};
