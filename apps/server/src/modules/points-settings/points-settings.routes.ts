import { ledgerEntry } from '@app/contract/ledger';
import {
  joiningSettingBody,
  joiningSettingRow,
  pendingScanSettingsEndpoints,
  pointValueSettingBody,
  pointValueSettingRow,
  referralSettingBody,
  referralSettingRow,
} from '@app/contract/points-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
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

/** Joining Points and Referral Points: settings with effective-from history, and their credits. */
export const pointsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const joining = { access: page('/dashboard/joiningpoints') };
  const referral = { access: page('/dashboard/referral') };
  // The value of a point is a programme points setting: the same people as Joining Points keep it.
  const pointValue = joining;

  app.get(
    '/admin/point-value/settings',
    {
      config: pointValue,
      schema: {
        tags: ['points settings'],
        summary: 'Value of a point in paise: history, in force flagged (none: the default, 25)',
        response: { 200: z.array(pointValueSettingRow) },
      },
    },
    async () => pointValueHistory(db),
  );
  app.post(
    '/admin/point-value/settings',
    {
      config: { access: action('joining-points.configure') },
      schema: {
        tags: ['points settings'],
        summary: 'Set the value of a point in paise from a date',
        body: pointValueSettingBody,
        response: { 200: z.array(pointValueSettingRow) },
      },
    },
    async (request) => addPointValueSetting(app, actorOf(request), request.body),
  );

  // Scans while pending (issue 25): declared in the contract, on the same page and action.
  route(app, pendingScanSettingsEndpoints.history, async () => pendingScanHistory(db));
  route(app, pendingScanSettingsEndpoints.add, async (request) =>
    addPendingScanSetting(app, actorOf(request), request.body),
  );

  app.get(
    '/admin/joining-points/settings',
    {
      config: joining,
      schema: {
        tags: ['joining points'],
        summary: 'Settings history, in force flagged',
        response: { 200: z.array(joiningSettingRow) },
      },
    },
    async () => joiningHistory(db),
  );
  app.post(
    '/admin/joining-points/settings',
    {
      config: { access: action('joining-points.configure') },
      schema: {
        tags: ['joining points'],
        summary: 'Set points for a member type from a date',
        body: joiningSettingBody,
        response: { 200: z.array(joiningSettingRow) },
      },
    },
    async (request) => addJoiningSetting(app, actorOf(request), request.body),
  );
  listRoutes(app, {
    path: '/admin/joining-points/credits',
    access: joining.access,
    list: ledgerList,
    row: ledgerEntry,
    fileName: 'joining-credits',
    tags: ['joining points'],
    summary: 'Joining credits',
    fixedFilter: { kind: 'joining' },
  });

  app.get(
    '/admin/referral/settings',
    {
      config: referral,
      schema: {
        tags: ['referral points'],
        summary: 'Settings history, in force flagged',
        response: { 200: z.array(referralSettingRow) },
      },
    },
    async () => referralHistory(db),
  );
  app.post(
    '/admin/referral/settings',
    {
      config: { access: action('referral.configure') },
      schema: {
        tags: ['referral points'],
        summary: 'Set referral points and trigger from a date',
        body: referralSettingBody,
        response: { 200: z.array(referralSettingRow) },
      },
    },
    async (request) => addReferralSetting(app, actorOf(request), request.body),
  );
  listRoutes(app, {
    path: '/admin/referral/credits',
    access: referral.access,
    list: ledgerList,
    row: ledgerEntry,
    fileName: 'referral-credits',
    tags: ['referral points'],
    summary: 'Referral credits',
    fixedFilter: { kind: 'referral' },
  });
};
