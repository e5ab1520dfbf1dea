import { idParams } from '@app/contract/input';
import {
  audienceUploadResult,
  NOTIFICATION_ENTITY,
  NOTIFICATIONS_PAGE,
  notificationCreateBody,
  notificationHistoryEndpoint,
  notificationRow,
} from '@app/contract/notifications';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { listRoutes } from '../../lib/lists/routes';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit/audit.history';
import * as service from './notifications.service';

const access = page(NOTIFICATIONS_PAGE);
const send = action('notifications.send');
const params = idParams;
const tags = ['notifications'];

/** Manage Notification: compose, schedule, cancel, the audience upload, and the history. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, notificationHistoryEndpoint, async (request) => {
    await service.getNotification(app.database.db, request.params.id);
    return historyOf(app.database.db, NOTIFICATION_ENTITY, request.params.id);
  });
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, {
    path: '/admin/notifications',
    access,
    list: service.notificationList,
    row: notificationRow,
    fileName: 'notifications',
    tags,
    summary: 'Notifications: state, audience, recipients, delivered and read counts',
  });

  app.get(
    '/admin/notifications/audience-template',
    { config: { access }, schema: { tags, summary: 'The member list upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'notification-members-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await service.audienceTemplate()),
  );

  app.post(
    '/admin/notifications/audience-upload',
    {
      config: { access: send },
      schema: {
        tags,
        summary:
          'Upload a list of member codes or mobiles (multipart field "file") for an audience; applyValid=true keeps the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: audienceUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'notification-members.xlsx');
      return service.uploadAudience(app, actorOf(request), {
        content,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/notifications/audience-upload/errors',
    access,
    purpose: 'notification_audience_errors',
    tags,
  });

  app.get(
    '/admin/notifications/:id',
    {
      config: { access },
      schema: { tags, summary: 'One notification', params, response: { 200: notificationRow } },
    },
    async (request) => service.getNotification(app.database.db, request.params.id),
  );

  app.post(
    '/admin/notifications',
    {
      config: { access: send },
      schema: {
        tags,
        summary: 'Compose a notification: send now (no sendAt) or schedule it',
        body: notificationCreateBody,
        response: { 200: notificationRow },
      },
    },
    async (request) => service.createNotification(app, actorOf(request), request.body),
  );

  app.post(
    '/admin/notifications/:id/cancel',
    {
      config: { access: send },
      schema: {
        tags,
        summary: 'Cancel a notification that has not started sending (409 otherwise)',
        params,
        response: { 200: notificationRow },
      },
    },
    async (request) => service.cancelNotification(app, actorOf(request), request.params.id),
  );

  for (const variant of ['file', 'thumbnail'] as const)
    app.get(
      `/admin/notifications/:id/image${variant === 'thumbnail' ? '/thumbnail' : ''}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `The notification’s image${variant === 'thumbnail' ? ' (thumbnail)' : ''}`,
          params,
        },
      },
      async (request, reply) => {
        const { file, stream } = await service.notificationImage(app, request.params.id, variant);
        return downloadHeaders(reply, {
          name: file.name,
          contentType: file.contentType,
          personal: false,
        }).send(stream);
      },
    );
};
