import { scanHoldsEndpoints as e } from '@app/contract/scan-holds';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { reviewScope } from './scan-holds.repository';
import * as service from './scan-holds.service';

/** QR Scan History → Review: the list and export, claim, clear, reversal (maker-checker), history. */
export const scanHoldsRoutes: FastifyPluginAsync = async (app) => {
  const staffActor = (request: FastifyRequest) => ({ ...actorOf(request), id: staffOf(request).id });

  listRoutes(app, { endpoints: e, list: service.reviewList, fileName: 'scan-review', scope: reviewScope });
  route(app, e.claim, async (request) => service.claimHold(app, staffActor(request), request.params.id));
  route(app, e.clear, async (request) => service.clearHold(app, staffActor(request), request.params.id));
  route(app, e.requestReversal, async (request) =>
    service.requestReversal(app, staffActor(request), request.params.id, request.body.reason),
  );
  route(app, e.approveReversal, async (request) =>
    service.decideReversal(
      app,
      staffActor(request),
      request.params.id,
      'approved',
      request.body.reason ?? null,
    ),
  );
  route(app, e.rejectReversal, async (request) =>
    service.decideReversal(
      app,
      staffActor(request),
      request.params.id,
      'rejected',
      request.body.reason ?? null,
    ),
  );
  route(app, e.history, async (request) => {
    await service.getHold(app, request.params.id);
    return historyOf(app.database.db, service.SCAN_HOLDS_ENTITY, request.params.id);
  });
};
