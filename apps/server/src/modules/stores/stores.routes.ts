import { listQuery } from '@app/contract/list';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import {
  LOCATOR_PAGE,
  NEAREST_DEFAULT_LIMIT,
  STORE_ENTITY,
  STORE_MESSAGES,
  storeCreateBody,
  storeMapResult,
  storeRow,
  storesAppEndpoints,
  storeUpdateBody,
  storeUploadResult,
} from '@app/contract/stores';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stores } from '../../db/schema/stores';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { recordRoutes } from '../../lib/records';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { nearestStores } from './stores.nearest';
import { storeList, storeMapPoints } from './stores.repository';
import { storesTemplate } from './stores-sheet';
import * as uploads from './stores-upload.service';

const access = page(LOCATOR_PAGE);
const manage = 'stores.manage';
const tags = ['stores'];

/** Locator: stores (list, export, create, edit, deactivate), their map, the spreadsheet upload. */
export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  recordRoutes(app, {
    path: '/admin/stores',
    page: LOCATOR_PAGE,
    manage,
    entity: STORE_ENTITY,
    label: 'Store',
    table: stores,
    list: storeList,
    row: storeRow,
    create: storeCreateBody,
    update: storeUpdateBody,
    fileName: 'stores',
    tags,
    summary: 'Stores',
    unique: { stores_code_unique: { field: 'code', message: STORE_MESSAGES.codeTaken } },
    archive: stores.active,
  });

  app.get(
    '/admin/stores/map',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The filtered stores on the map (the list’s filter; at most 5,000)',
        querystring: listQuery.pick({ filter: true }),
        response: { 200: storeMapResult },
      },
    },
    async (request) => storeMapPoints(app.database.db, request.query.filter),
  );

  app.get(
    '/admin/stores/template',
    { config: { access }, schema: { tags, summary: 'The store upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'stores-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await storesTemplate()),
  );

  app.post(
    '/admin/stores/upload',
    {
      config: { access: action(manage) },
      schema: {
        tags,
        summary:
          'Add or update stores from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: storeUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'stores.xlsx');
      return uploads.uploadStores(app, actorOf(request), {
        content,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/stores/upload/errors',
    access,
    purpose: 'stores_upload_errors',
    tags,
  });

  route(app, storesAppEndpoints.nearest, async (request) => {
    const { lat, lng, limit } = request.query;
    return { stores: await nearestStores(app.database, lat, lng, limit ?? NEAREST_DEFAULT_LIMIT) };
  });
};
