import { webhooksEndpoints as E } from '@app/contract/webhooks';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { deliveryList, subscriptionList } from './webhooks.repository';
import {
  createSubscription,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
  updateSubscription,
} from './webhooks.service';

/** Main Settings → Webhooks: subscriptions, their secrets, test events and the delivery log. */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  listRoutes(app, { endpoints: E.subscriptions, list: subscriptionList, fileName: 'webhook-subscriptions' });
  route(app, E.create, async (request) => createSubscription(app, actorOf(request), request.body));
  route(app, E.update, async (request) =>
    updateSubscription(app, actorOf(request), request.params.id, request.body),
  );
  route(app, E.rotateSecret, async (request) =>
    rotateSecret(app, actorOf(request), request.params.id, request.body),
  );
  route(app, E.sendTest, async (request) => sendTestEvent(app, actorOf(request), request.params.id));
  listRoutes(app, { endpoints: E.deliveries, list: deliveryList, fileName: 'webhook-deliveries' });
  route(app, E.replay, async (request) => replayDelivery(app, actorOf(request), request.params.id));
};
