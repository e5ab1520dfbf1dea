import { messagesEndpoints as E } from '@app/contract/messages';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { deliveryLogList, listTemplates } from './delivery-log.repository';
import { resendMessage, updateTemplate } from './messages.admin.service';

/** Manage Notification → Templates and Delivery log. */
export const messagesAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, E.templates, async () => listTemplates(app.database.db));
  route(app, E.updateTemplate, async (request) =>
    updateTemplate(app, actorOf(request), request.params.id, request.body),
  );
  listRoutes(app, { endpoints: E.deliveryLog, list: deliveryLogList, fileName: 'delivery-log' });
  route(app, E.resend, async (request) => resendMessage(app, actorOf(request), request.params.id));
};
