import { pendingScanSettingsEndpoints, pointsSettingsEndpoints } from '@app/contract/points-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { route } from '../../plugins/endpoint-routes';
import { ledgerList } from '../ledger';
import {
  joiningHistory,
  pendingScanHistory,
  pointValueHistory,
  referralHistory,
} from './points-settings.repository';
import {
  addJoiningSetting,
  addPendingScanSetting,
  addPointValueSetting,
  addReferralSetting,
} from './points-settings.service';

const e = pointsSettingsEndpoints;

/** Joining Points and Referral Points (contract pointsSettingsEndpoints): settings with effective-from history, and their credits. */
export const pointsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  route(app, e.pointValue.settings, async () => pointValueHistory(db));
  route(app, e.pointValue.change, async (request) =>
    addPointValueSetting(app, actorOf(request), request.body),
  );

  // Scans while pending: declared in the contract, on the same page and action.
  route(app, pendingScanSettingsEndpoints.history, async () => pendingScanHistory(db));
  route(app, pendingScanSettingsEndpoints.add, async (request) =>
    addPendingScanSetting(app, actorOf(request), request.body),
  );

  route(app, e.joining.settings, async () => joiningHistory(db));
  route(app, e.joining.change, async (request) => addJoiningSetting(app, actorOf(request), request.body));
  listRoutes(app, {
    endpoints: e.joiningCredits,
    list: ledgerList,
    fileName: 'joining-credits',
    fixedFilter: { kind: 'joining' },
  });

  route(app, e.referral.settings, async () => referralHistory(db));
  route(app, e.referral.change, async (request) => addReferralSetting(app, actorOf(request), request.body));
  listRoutes(app, {
    endpoints: e.referralCredits,
    list: ledgerList,
    fileName: 'referral-credits',
    fixedFilter: { kind: 'referral' },
  });
};
