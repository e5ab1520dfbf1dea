import { idParams } from '@app/contract/input';
import { SCHEMES_PAGE, schemeBody, schemeCancelBody, schemeEvent, schemeRow } from '@app/contract/schemes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { bulkDecisionRoutes } from '../../lib/decision-routes';
import { listRoutes } from '../../lib/lists/routes';
import { action as actionAccess, page, staffOf } from '../../plugins/access';
import * as service from './schemes.service';

const params = idParams;
const access = page(SCHEMES_PAGE);
const tags = ['schemes'];
const one = { 200: schemeRow };

/** Scheme: drafts, activation by a second person (maker-checker), end, cancel, history. */
const DECIDING = ['approve', 'reject'];

export const schemesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  listRoutes(app, {
    path: '/admin/schemes',
    access,
    list: service.schemeList,
    row: schemeRow,
    fileName: 'schemes',
    tags,
    summary: 'Schemes',
  });

  app.get(
    '/admin/schemes/:id',
    { config: { access }, schema: { tags, summary: 'One scheme', params, response: one } },
    async (request) => service.getScheme(app, request.params.id),
  );

  app.get(
    '/admin/schemes/:id/history',
    {
      config: { access },
      schema: { tags, summary: 'A scheme’s history', params, response: { 200: z.array(schemeEvent) } },
    },
    async (request) => service.schemeHistory(app, request.params.id),
  );

  app.post(
    '/admin/schemes',
    {
      config: { access: actionAccess('schemes.manage') },
      schema: { tags, summary: 'Create a draft scheme', body: schemeBody, response: one },
    },
    async (request) => service.createScheme(app, staffActor(request), request.body),
  );

  app.put(
    '/admin/schemes/:id',
    {
      config: { access: actionAccess('schemes.manage') },
      schema: { tags, summary: 'Edit a draft', params, body: schemeBody, response: one },
    },
    async (request) => service.updateScheme(app, staffActor(request), request.params.id, request.body),
  );

  const action = (path: string, summary: string, run: typeof service.endScheme) =>
    app.post(
      `/admin/schemes/:id/${path}`,
      {
        config: { access: actionAccess(DECIDING.includes(path) ? 'schemes.approve' : 'schemes.manage') },
        schema: { tags, summary, params, response: one },
      },
      async (request) => run(app, staffActor(request), request.params.id),
    );
  action('request-activation', 'Submit a draft for activation', service.requestActivation);
  action('approve', 'Approve activation (not by its creator or submitter)', service.approveActivation);
  action(
    'reject',
    'Reject activation: back to draft (not by its creator or submitter)',
    service.rejectActivation,
  );
  action('end', 'End an active scheme', service.endScheme);

  app.post(
    '/admin/schemes/:id/cancel',
    {
      config: { access: actionAccess('schemes.manage') },
      schema: {
        tags,
        summary: 'Cancel a draft or active scheme',
        params,
        body: schemeCancelBody,
        response: one,
      },
    },
    async (request) => service.cancelScheme(app, staffActor(request), request.params.id, request.body.reason),
  );

  bulkDecisionRoutes(app, {
    path: '/admin/schemes',
    action: 'schemes.approve',
    flow: service.schemeActivations,
    tags,
    noun: 'scheme activations (not by their creator or submitter)',
    input: { of: () => undefined },
  });
};
