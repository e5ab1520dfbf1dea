import { productsEndpoints } from '@app/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import * as service from './products.service';

const e = productsEndpoints;

/** Manage Catalogue → Products (contract productsEndpoints). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: e, list: service.productList, fileName: 'products' });
  route(app, e.options, async () => service.productOptions(app));
  route(app, e.one, async (request) => service.getProduct(app, request.params.id));
  route(app, e.history, async (request) => service.productHistory(app, request.params.id));
  route(app, e.create, async (request) => service.createProduct(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateProduct(app, actorOf(request), request.params.id, request.body),
  );
};
