import { idParams } from '@app/contract/input';
import {
  PRODUCTS_PAGE,
  productCreateBody,
  productOption,
  productRow,
  productUpdateBody,
} from '@app/contract/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
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

  app.get(
    '/admin/products/options',
    {
      // The SKU picker of every coupon, invoice and scheme page: names and points are not sensitive,
      // and those pages belong to roles that do not hold Manage Catalogue.
      config: { access: 'staff' },
      schema: { tags, summary: 'Every SKU, for pickers', response: { 200: z.array(productOption) } },
    },
    async () => service.productOptions(app),
  );

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
