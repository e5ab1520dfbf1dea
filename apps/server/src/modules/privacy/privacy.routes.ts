import { privacyEndpoints as e } from '@app/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { settingRoutes } from '../../lib/settings/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { breachList, requestList } from './privacy.repository';
import * as service from './privacy.service';

/** Staff: the rights queue, the breach register and the retention setting (tabs of All Users). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActor = (request: Parameters<typeof actorOf>[0]) => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });

  listRoutes(app, { endpoints: e.requests, list: requestList, fileName: 'privacy-requests' });
  route(app, e.decide, async (request) =>
    service.decideRequest(app, staffActor(request), request.params.id, request.body),
  );
  route(app, e.memberExport, async (request, reply) => {
    const file = await service.exportForRequest(app, actorOf(request), request.params.id);
    return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: true }).send(
      file.body,
    );
  });

  listRoutes(app, { endpoints: e.breaches, list: breachList, fileName: 'breaches' });
  route(app, e.recordBreach, async (request) => service.recordBreach(app, staffActor(request), request.body));
  route(app, e.notifyBreach, async (request) =>
    service.notifyBreach(app, staffActor(request), request.params.id),
  );
  route(app, e.breachReport, async (request, reply) => {
    const pdf = await service.breachReport(app.database.db, actorOf(request), request.params.id);
    return downloadHeaders(reply, {
      name: `breach-B${request.params.id}-board-report.pdf`,
      contentType: 'application/pdf',
      personal: true,
    }).send(pdf);
  });

  settingRoutes(app, e.retention, {
    list: service.listRetention,
    request: service.requestRetention,
    decide: service.decideRetention,
  });
};
