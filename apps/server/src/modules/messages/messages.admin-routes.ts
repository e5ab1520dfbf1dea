import { deliveryLogRow, messagesEndpoints as E } from '@app/contract/messages';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { type Access, accessConfig } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { deliveryLogList, listTemplates } from './delivery-log.repository';
import { resendMessage, updateTemplate } from './messages.admin.service';

/** Manage Notification → Templates and Delivery log. */
export const messagesAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, E.templates, async () => listTemplates(app.database.db));
  route(app, E.updateTemplate, async (request) =>
    updateTemplate(app, actorOf(request), request.params.id, request.body),
  );
  listRoutes(app, {
    path: E.deliveryLog.path,
    access: accessConfig(E.deliveryLog.access).access as Access,
    list: deliveryLogList,
    row: deliveryLogRow,
    fileName: 'delivery-log',
    tags: [...E.deliveryLog.tags],
    summary: E.deliveryLog.summary,
  });
  route(app, E.resend, async (request) => resendMessage(app, actorOf(request), request.params.id));
};
