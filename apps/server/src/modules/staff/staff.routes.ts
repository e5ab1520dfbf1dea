import { listQuery, listResult } from '@app/contract/list';
import {
  staffCreateBody,
  staffCreated,
  staffDetail,
  staffPasswordReset,
  staffResetPasswordBody,
  staffRoleOption,
  staffRow,
  staffUpdateBody,
} from '@app/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, audit } from '../../lib/audit';
import { sendListExport } from '../../lib/list-export';
import { action, page, staffOf } from '../../plugins/access';
import { STAFF_EXPORT_COLUMNS } from './staff.export';
import * as service from './staff.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const access = page('/dashboard/manageadmin');
const managing = action('staff.manage');
const tags = ['staff'];

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/staff',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Staff accounts',
        querystring: listQuery,
        response: { 200: listResult(staffRow) },
      },
    },
    async (request) => service.listStaff(app, request.query),
  );

  app.get(
    '/admin/staff/role-options',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Roles for the account forms, marked assignable when within the caller’s rights',
        response: { 200: z.array(staffRoleOption) },
      },
    },
    async (request) => service.roleOptions(app, staffOf(request)),
  );

  app.get(
    '/admin/staff/export',
    { config: { access }, schema: { tags, summary: 'The current filter as xlsx', querystring: listQuery } },
    async (request, reply) => {
      // Staff e-mails and mobiles are personal data: who took a copy is on record.
      await audit(app.database.db, actorOf(request), {
        action: 'staff.exported',
        entity: 'staff',
        entityId: '*',
        after: request.query.filter,
      });
      return sendListExport(reply, 'staff', STAFF_EXPORT_COLUMNS, request.query, (q) =>
        service.listStaff(app, q),
      );
    },
  );

  app.get(
    '/admin/staff/:id',
    {
      config: { access },
      schema: { tags, summary: 'One staff account with its history', params, response: { 200: staffDetail } },
    },
    async (request) => service.getStaff(app, request.params.id),
  );

  app.post(
    '/admin/staff',
    {
      config: { access: managing },
      schema: {
        tags,
        summary: 'Create a staff account; a generated password is returned once',
        body: staffCreateBody,
        response: { 200: staffCreated },
      },
    },
    async (request) => service.createStaff(app, staffOf(request), actorOf(request), request.body),
  );

  app.put(
    '/admin/staff/:id',
    {
      config: { access: managing },
      schema: {
        tags,
        summary: 'Change name, mobile or role',
        params,
        body: staffUpdateBody,
        response: { 200: staffRow },
      },
    },
    async (request) =>
      service.updateStaff(app, staffOf(request), actorOf(request), request.params.id, request.body),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/admin/staff/:id/${action}`,
      {
        config: { access: managing },
        schema: {
          tags,
          summary: active ? 'Reactivate an account' : 'Deactivate an account and end its sessions at once',
          params,
          response: { 200: staffRow },
        },
      },
      async (request) =>
        service.setActive(app, staffOf(request), actorOf(request), request.params.id, active),
    );
  }

  app.post(
    '/admin/staff/:id/reset-password',
    {
      config: { access: managing },
      schema: {
        tags,
        summary: 'Set or generate a new password; ends the account’s sessions',
        params,
        body: staffResetPasswordBody,
        response: { 200: staffPasswordReset },
      },
    },
    async (request) =>
      service.resetPassword(
        app,
        staffOf(request),
        actorOf(request),
        request.params.id,
        request.body.password,
      ),
  );
};
