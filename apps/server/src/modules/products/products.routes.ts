import { idParams } from '@app/contract/input';
import {
  PRODUCTS_PAGE,
  productCreateBody,
  productRow,
  productsEndpoints,
  productUpdateBody,
} from '@app/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './products.service';

const params = idParams;
const access = page(PRODUCTS_PAGE);
const tags = ['products'];

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/products',
    access,
    list: service.productList,
    row: productRow,
    fileName: 'products',
    tags,
    summary: 'Products (SKUs)',
  });

  route(app, productsEndpoints.options, async () => service.productOptions(app));

  app.get(
    '/admin/products/:id',
    { config: { access }, schema: { tags, summary: 'One product', params, response: { 200: productRow } } },
    async (request) => service.getProduct(app, request.params.id),
  );

  app.post(
    '/admin/products',
    {
      config: { access: action('products.manage') },
      schema: { tags, summary: 'Create a product', body: productCreateBody, response: { 200: productRow } },
    },
    async (request) => service.createProduct(app, actorOf(request), request.body),
  );

  app.put(
    '/admin/products/:id',
    {
      config: { access: action('products.manage') },
      schema: {
        tags,
        summary: 'Edit a product (not its SKU code)',
        params,
        body: productUpdateBody,
        response: { 200: productRow },
      },
    },
    async (request) => service.updateProduct(app, actorOf(request), request.params.id, request.body),
  );
};
