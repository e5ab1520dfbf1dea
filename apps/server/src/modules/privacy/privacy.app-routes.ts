import { privacyAppEndpoints as e } from '@app/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/downloads';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { requestsOfMember } from './privacy.repository';
import * as service from './privacy.service';

/** The member app's privacy screens: consent, withdrawal, rights and the download of his data. */
export const privacyAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, e.consent, async (request) => service.consentStateOf(app.database.db, memberOf(request).id));
  route(app, e.give, async (request) => service.giveConsent(app, memberOf(request).id, request.body));
  route(app, e.withdraw, async (request) =>
    service.withdrawConsent(app, memberOf(request).id, request.body.purpose),
  );
  route(app, e.requests, async (request) => ({
    rows: await requestsOfMember(app.database.db, memberOf(request).id),
  }));
  route(app, e.ask, async (request) => service.askRequest(app, memberOf(request).id, request.body));
  for (const [endpoint, format] of [
    [e.exportJson, 'json'],
    [e.exportPdf, 'pdf'],
  ] as const)
    route(app, endpoint, async (request, reply) => {
      const file = await service.exportOwnData(app, memberOf(request).id, format);
      return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: true }).send(
        file.body,
      );
    });
};
