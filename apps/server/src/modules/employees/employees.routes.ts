import { EMPLOYEE_ENTITY, employeesEndpoints as e } from '@app/contract/employees';
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
import * as service from './employees.service';
import * as uploads from './employees-upload';

/**
 * Employee Management: the list and export, create and edit, deactivate, and the spreadsheet import
 * (declared in contract employeesEndpoints).
 */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, { endpoints: e, list: service.employeeList, fileName: 'employees' });
  route(app, e.options, async () => service.employeeOptions(app));
  route(app, e.history, async (request) => {
    await service.getEmployee(app, request.params.id);
    return historyOf(app.database.db, EMPLOYEE_ENTITY, request.params.id);
  });

  route(app, e.upload.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'employees-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await uploads.employeeTemplate()),
  );
  route(app, e.upload.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'employees.xlsx');
    return uploads.uploadEmployees(app, actorOf(request), {
      content,
      applyValid: request.query.applyValid === 'true',
    });
  });
  errorReportRoute(app, { endpoint: e.upload.errors, purpose: 'employee_upload_errors' });

  route(app, e.one, async (request) => service.getEmployee(app, request.params.id));
  route(app, e.create, async (request) => service.createEmployee(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateEmployee(app, actorOf(request), request.params.id, request.body),
  );
  for (const [declaration, status] of [
    [e.deactivate, 'inactive'],
    [e.reactivate, 'active'],
  ] as const)
    route(app, declaration, async (request) =>
      service.setStatus(app, actorOf(request), request.params.id, status),
    );
};
