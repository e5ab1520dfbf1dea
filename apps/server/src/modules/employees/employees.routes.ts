import {
  EMPLOYEE_ENTITY,
  EMPLOYEES_PAGE,
  employeeCreateBody,
  employeeRow,
  employeesEndpoints,
  employeeUpdateBody,
  employeeUploadResult,
} from '@app/contract/employees';
import { idParams } from '@app/contract/input';
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
import * as service from './employees.service';
import * as uploads from './employees-upload';

const params = idParams;
const access = page(EMPLOYEES_PAGE);
const manage = action('employees.manage');
const tags = ['employees'];

/** Employee Management: the list and export, create and edit, deactivate, and the spreadsheet import. */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);

  listRoutes(app, {
    path: '/admin/employees',
    access,
    list: service.employeeList,
    row: employeeRow,
    fileName: 'employees',
    tags,
    summary: 'Employees',
  });

  route(app, employeesEndpoints.options, async () => service.employeeOptions(app));
  route(app, employeesEndpoints.history, async (request) => {
    await service.getEmployee(app, request.params.id);
    return historyOf(app.database.db, EMPLOYEE_ENTITY, request.params.id);
  });

  app.get(
    '/admin/employees/template',
    { config: { access }, schema: { tags, summary: 'The employee import template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'employees-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await uploads.employeeTemplate()),
  );

  app.post(
    '/admin/employees/upload',
    {
      config: { access: manage },
      schema: {
        tags,
        summary:
          'Import employees from an xlsx (multipart field "file"); applyValid=true applies the good rows of a file with errors',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: employeeUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'employees.xlsx');
      return uploads.uploadEmployees(app, actorOf(request), {
        content,
        applyValid: request.query.applyValid === 'true',
      });
    },
  );

  errorReportRoute(app, {
    path: '/admin/employees/upload/errors',
    access,
    purpose: 'employee_upload_errors',
    tags,
  });

  app.get(
    '/admin/employees/:id',
    { config: { access }, schema: { tags, summary: 'One employee', params, response: { 200: employeeRow } } },
    async (request) => service.getEmployee(app, request.params.id),
  );

  app.post(
    '/admin/employees',
    {
      config: { access: manage },
      schema: { tags, summary: 'Add an employee', body: employeeCreateBody, response: { 200: employeeRow } },
    },
    async (request) => service.createEmployee(app, actorOf(request), request.body),
  );

  app.put(
    '/admin/employees/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Edit an employee (not the code); a manager that would form a loop is refused',
        params,
        body: employeeUpdateBody,
        response: { 200: employeeRow },
      },
    },
    async (request) => service.updateEmployee(app, actorOf(request), request.params.id, request.body),
  );

  for (const [verb, status] of [
    ['deactivate', 'inactive'],
    ['reactivate', 'active'],
  ] as const)
    app.post(
      `/admin/employees/:id/${verb}`,
      {
        config: { access: manage },
        schema: {
          tags,
          summary:
            verb === 'deactivate'
              ? 'Deactivate an employee (a BDE is signed out of the field app)'
              : 'Reactivate an employee',
          params,
          response: { 200: employeeRow },
        },
      },
      async (request) => service.setStatus(app, actorOf(request), request.params.id, status),
    );
};
