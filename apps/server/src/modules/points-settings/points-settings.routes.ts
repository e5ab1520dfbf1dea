import { ledgerEntry } from '@app/contract/ledger';
import { type ListQuery, listQuery, listResult } from '@app/contract/list';
import {
  joiningSettingBody,
  joiningSettingRow,
  referralSettingBody,
  referralSettingRow,
} from '@app/contract/points-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { action, page } from '../../plugins/access';
import { listLedger } from '../ledger/ledger.repository';
import { joiningHistory, referralHistory } from './points-settings.repository';
import { addJoiningSetting, addReferralSetting } from './points-settings.service';

const ofKind = (q: ListQuery, kind: string): ListQuery => ({ ...q, filter: { ...q.filter, kind } });

/** Joining Points and Referral Points: settings with effective-from history, and their credits. */
export const pointsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const joining = { access: page('/dashboard/joiningpoints') };
  const referral = { access: page('/dashboard/referral') };

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
  app.get(
    '/admin/joining-points/credits',
    {
      config: joining,
      schema: {
        tags: ['joining points'],
        summary: 'Joining credits',
        querystring: listQuery,
        response: { 200: listResult(ledgerEntry) },
      },
    },
    async (request) => listLedger(db, ofKind(request.query, 'joining')),
  );

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
  app.get(
    '/admin/referral/credits',
    {
      config: referral,
      schema: {
        tags: ['referral points'],
        summary: 'Referral credits',
        querystring: listQuery,
        response: { 200: listResult(ledgerEntry) },
      },
    },
    async (request) => listLedger(db, ofKind(request.query, 'referral')),
  );
};
