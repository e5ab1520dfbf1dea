import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import {
  NEAREST_DEFAULT_LIMIT,
  storeCreateBody,
  storeRow,
  storesAppEndpoints,
  storesEndpoints,
  storeUpdateBody,
} from '@app/contract/stores';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { recordRoutes } from '../../lib/records';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { nearestStores } from './stores.nearest';
import { storeRecordOptions } from './stores.record';
import { pincodePlace, storeMapPoints } from './stores.repository';
import { storesTemplate } from './stores-sheet';
import * as uploads from './stores-upload.service';

/** Locator: stores (list, export, create, edit, deactivate), their map, the spreadsheet upload. */
export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  const e = storesEndpoints;
  recordRoutes(app, {
    endpoints: e,
    ...storeRecordOptions,
    row: storeRow,
    create: storeCreateBody,
    update: storeUpdateBody,
    fileName: 'stores',
  });
  route(app, e.map, async (request) => storeMapPoints(app.database.db, request.query.filter));
  route(app, e.upload.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'stores-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await storesTemplate()),
  );
  route(app, e.upload.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'stores.xlsx');
    return uploads.uploadStores(app, actorOf(request), {
      content,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.upload.errors, purpose: 'stores_upload_errors' });

  route(app, storesAppEndpoints.nearest, async (request) => {
    const { lat, lng, limit } = request.query;
    return { stores: await nearestStores(app.database, lat, lng, limit ?? NEAREST_DEFAULT_LIMIT) };
  });
  route(app, storesAppEndpoints.pincode, async (request) =>
    pincodePlace(app.database.db, request.params.pincode),
  );
};
