import { NOTIFICATION_ENTITY, notificationsEndpoints } from '@app/contract/notifications';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import * as service from './notifications.service';

/**
 * Manage Notification: compose, schedule, cancel, the audience upload, and the history
 * (declared in contract notificationsEndpoints).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  const e = notificationsEndpoints;
  route(app, e.history, async (request) => {
    await service.getNotification(app.database.db, request.params.id);
    return historyOf(app.database.db, NOTIFICATION_ENTITY, request.params.id);
  });

  listRoutes(app, { endpoints: e, list: service.notificationList, fileName: 'notifications' });

  route(app, e.audience.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'notification-members-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await service.audienceTemplate()),
  );
  route(app, e.audience.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'notification-members.xlsx');
    return service.uploadAudience(app, actorOf(request), {
      content,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.audience.errors, purpose: 'notification_audience_errors' });

  route(app, e.one, async (request) => service.getNotification(app.database.db, request.params.id));
  route(app, e.create, async (request) => service.createNotification(app, actorOf(request), request.body));
  route(app, e.cancel, async (request) =>
    service.cancelNotification(app, actorOf(request), request.params.id),
  );

  for (const [declaration, variant] of [
    [e.image, 'file'],
    [e.imageThumbnail, 'thumbnail'],
  ] as const)
    route(app, declaration, async (request, reply) => {
      const { file, stream } = await service.notificationImage(app, request.params.id, variant);
      return downloadHeaders(reply, {
        name: file.name,
        contentType: file.contentType,
        personal: false,
      }).send(stream);
    });
};
