import { staffEndpoints as e, signInActivityEndpoints } from '@app/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, audit } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as service from './staff.service';

/** Manage Admin: staff accounts (declared in contract staffEndpoints). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    endpoints: e,
    list: service.staffList,
    fileName: 'staff',
    // Staff e-mails and mobiles are personal data: who took a copy is on record.
    beforeExport: (request) =>
      audit(app.database.db, actorOf(request), {
        action: 'staff.exported',
        entity: 'staff',
        entityId: '*',
        after: request.query.filter,
      }),
  });
  listRoutes(app, {
    endpoints: signInActivityEndpoints,
    list: service.signInActivityList,
    fileName: 'sign-in-activity',
  });
  route(app, e.roleOptions, async (request) => service.roleOptions(app, staffOf(request)));
  route(app, e.one, async (request) => service.getStaff(app, request.params.id));
  route(app, e.create, async (request) =>
    service.createStaff(app, staffOf(request), actorOf(request), request.body),
  );
  route(app, e.update, async (request) =>
    service.updateStaff(app, staffOf(request), actorOf(request), request.params.id, request.body),
  );
  for (const [declaration, active] of [
    [e.deactivate, false],
    [e.reactivate, true],
  ] as const)
    route(app, declaration, async (request) =>
      service.setActive(app, staffOf(request), actorOf(request), request.params.id, active),
    );
  route(app, e.resetPassword, async (request) =>
    service.resetPassword(app, staffOf(request), actorOf(request), request.params.id, request.body.password),
  );
  route(app, e.resetSecondFactor, async (request) =>
    service.resetSecondFactor(app, staffOf(request), actorOf(request), request.params.id),
  );
};
