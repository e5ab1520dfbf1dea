import { idParams } from '@app/contract/input';
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
import { listRoutes } from '../../lib/lists/routes';
import { action, page, staffOf } from '../../plugins/access';
import * as service from './staff.service';

const params = idParams;
const access = page('/dashboard/manageadmin');
const managing = action('staff.manage');
const tags = ['staff'];

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/staff',
    access,
    list: service.staffList,
    row: staffRow,
    fileName: 'staff',
    tags,
    summary: 'Staff accounts',
    // Staff e-mails and mobiles are personal data: who took a copy is on record.
    beforeExport: (request) =>
      audit(app.database.db, actorOf(request), {
        action: 'staff.exported',
        entity: 'staff',
        entityId: '*',
        after: request.query.filter,
      }),
  });

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

  app.post(
    '/admin/staff/:id/reset-second-factor',
    {
      // Access control work: the User Roles manager's (the almond team among built-in roles).
      config: { access: action('roles.manage') },
      schema: {
        tags,
        summary:
          'Clear a lost authenticator (User Roles managers: the almond team); ends the account’s sessions',
        params,
        response: { 200: staffRow },
      },
    },
    async (request) => service.resetSecondFactor(app, staffOf(request), actorOf(request), request.params.id),
  );
};
