import { memberAppEndpoints } from '@app/contract/member-app';
import { messagesEndpoints as E } from '@app/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { profileOf } from '../member-app';
import {
  messagingOf,
  registerDevice,
  removeDevice,
  setLanguage,
  updateMessaging,
} from './messaging-settings';

/** The member's own messaging settings in the app: language, WhatsApp opt-in, muting, push devices. */
export const messagesAppRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, memberAppEndpoints.updateProfile, async (request) => {
    const { id } = memberOf(request);
    return app.database.db.transaction(async (tx) => {
      await setLanguage(tx, id, request.body.language);
      return profileOf(tx, id);
    });
  });
  const db = app.database.db;
  route(app, E.myMessaging, async (request) => messagingOf(db, memberOf(request).id));
  route(app, E.updateMyMessaging, async (request) =>
    db.transaction((tx) => updateMessaging(tx, memberOf(request).id, request.body)),
  );
  route(app, E.registerDevice, async (request) =>
    db.transaction((tx) =>
      registerDevice(tx, memberOf(request).id, request.body.token, request.body.platform),
    ),
  );
  route(app, E.removeDevice, async (request) =>
    db.transaction((tx) => removeDevice(tx, memberOf(request).id, request.body.token)),
  );
};
