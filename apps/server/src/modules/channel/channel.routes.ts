import { channelAppEndpoints, channelEndpoints } from '@app/contract/channel';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './channel.service';
import { channelTemplate, uploadChannel } from './channel-upload.service';

/** The member's record (hierarchy, attach), the hierarchy upload, and the app's dealer and partner screens. */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  const e = channelEndpoints;
  const db = app.database.db;
  route(app, e.hierarchy, async (request) => service.hierarchyOf(db, request.params.id));
  route(app, e.attach, async (request) =>
    service.staffAttach(app, actorOf(request), request.params.id, request.body.dealerCode),
  );
  route(app, e.upload.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'channel-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await channelTemplate()),
  );
  route(app, e.upload.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'channel.xlsx');
    return uploadChannel(app, actorOf(request), { content, applyValid: request.query.applyValid === 'true' });
  });
  errorReportRoute(app, { endpoint: e.upload.errors, purpose: 'channel_upload_errors' });

  const a = channelAppEndpoints;
  route(app, a.myDealer, async (request) => service.myDealer(db, memberOf(request).id));
  route(app, a.chooseDealer, async (request) =>
    service.chooseDealer(app, memberOf(request).id, request.body.dealerCode, request.id),
  );
  route(app, a.leaveDealer, async (request) =>
    service.chooseDealer(app, memberOf(request).id, null, request.id),
  );
  route(app, a.myPartners, async (request) => service.myPartners(db, memberOf(request).id));
  route(app, a.attachPartner, async (request) =>
    service.attachPartner(app, memberOf(request).id, request.body.partner, request.id),
  );
};
