import { bulkDecisionResult } from '@app/contract/decisions';
import { idParams } from '@app/contract/input';
import {
  CATALOGUE_PAGE,
  markPaidBody,
  REDEMPTION_PAGE,
  REWARD_ENTITY,
  redemptionBulkBody,
  redemptionReasonBody,
  redemptionRow,
  redemptionSettingBody,
  redemptionSettingRow,
  rewardCreateBody,
  rewardRow,
  rewardUpdateBody,
  utrUploadResult,
} from '@app/contract/redemptions';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redemptions, rewards } from '../../db/schema/redemptions';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { recordRoutes } from '../../lib/records';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { action, page } from '../../plugins/access';
import { openStored } from '../files/files.service';
import { addRedemptionSetting, redemptionSettingsHistory } from './redemption-settings';
import { redemptionList } from './redemptions.repository';
import * as service from './redemptions.service';
import { findReward, rewardList } from './rewards.repository';
import { rewardValues } from './rewards.service';
import { uploadUtrs, utrTemplate } from './utr-upload';

const params = idParams;

/** Manage Catalogue → Rewards; Approvals → Redemption; the TDS and cash-minimum settings. */
export const redemptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  const { db } = app.database;

  // ── Rewards: a simple record (create, partial edit, archive, each audited) ──
  const catalogue = page(CATALOGUE_PAGE);
  recordRoutes(app, {
    path: '/admin/rewards',
    page: CATALOGUE_PAGE,
    manage: 'rewards.manage',
    entity: REWARD_ENTITY,
    label: 'Reward',
    table: rewards,
    list: rewardList,
    row: rewardRow,
    create: rewardCreateBody,
    update: rewardUpdateBody,
    fileName: 'rewards',
    tags: ['rewards'],
    summary: 'Rewards (gifts and e-vouchers)',
    values: rewardValues,
    archive: rewards.active,
  });
  app.get(
    '/admin/rewards/:id/image',
    {
      config: { access: catalogue },
      schema: {
        tags: ['rewards'],
        summary: 'The reward image (its thumbnail with ?thumbnail=true)',
        params,
        querystring: z.object({ thumbnail: z.enum(['true', 'false']).default('false') }),
      },
    },
    async (request, reply) => {
      const reward = await findReward(db, request.params.id);
      if (!reward) throw notFound('Reward');
      const { file, stream } = await openStored(
        app,
        reward.imageFileId,
        'Reward image',
        request.query.thumbnail === 'true' ? 'thumbnail' : 'file',
      );
      return downloadHeaders(reply, { name: file.name, contentType: file.contentType, personal: false }).send(
        stream,
      );
    },
  );

  // ── Redemptions ──
  const queue = page(REDEMPTION_PAGE);
  const deciding = action('redemptions.decide');
  const paying = action('redemptions.pay');
  const tags = ['redemptions'];
  listRoutes(app, {
    path: '/admin/redemptions',
    access: queue,
    list: redemptionList,
    row: redemptionRow,
    fileName: 'redemptions',
    tags,
    summary: 'Redemptions (with TDS)',
  });
  listRoutes(app, {
    path: '/admin/users/:id/redemptions',
    access: page('/dashboard/users'),
    list: redemptionList,
    row: redemptionRow,
    fileName: 'member-redemptions',
    tags,
    summary: 'One member’s redemptions',
    params: idParams,
    scope: (request) => eq(redemptions.memberId, pathId(request)),
  });
  app.get(
    '/admin/redemptions/:id',
    {
      config: { access: queue },
      schema: { tags, summary: 'One redemption', params, response: { 200: redemptionRow } },
    },
    async (request) => service.getRedemption(app, request.params.id),
  );
  app.post(
    '/admin/redemptions/:id/approve',
    {
      config: { access: deciding },
      schema: { tags, summary: 'Approve a requested redemption', params, response: { 200: redemptionRow } },
    },
    async (request) => service.decideRedemption(app, actorOf(request), request.params.id, 'approved', null),
  );
  app.post(
    '/admin/redemptions/:id/reject',
    {
      config: { access: deciding },
      schema: {
        tags,
        summary: 'Reject (reason); the points go back',
        params,
        body: redemptionReasonBody,
        response: { 200: redemptionRow },
      },
    },
    async (request) =>
      service.decideRedemption(app, actorOf(request), request.params.id, 'rejected', request.body.reason),
  );
  for (const [verb, result] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    app.post(
      `/admin/redemptions/bulk/${verb}`,
      {
        config: { access: deciding },
        schema: {
          tags,
          summary: `${verb === 'approve' ? 'Approve' : 'Reject'} many (each row’s outcome)`,
          body: redemptionBulkBody,
          response: { 200: bulkDecisionResult },
        },
      },
      async (request) => ({
        outcomes: await service.decideRedemptions(
          app,
          actorOf(request),
          request.body.ids,
          result,
          request.body.reason || null,
        ),
      }),
    );
  app.post(
    '/admin/redemptions/:id/paid',
    {
      config: { access: paying },
      schema: {
        tags,
        summary: 'Cash: mark paid with the UTR (not by its approver)',
        params,
        body: markPaidBody,
        response: { 200: redemptionRow },
      },
    },
    async (request) => service.markPaid(app, actorOf(request), request.params.id, request.body.utr),
  );
  app.post(
    '/admin/redemptions/:id/failed',
    {
      config: { access: paying },
      schema: {
        tags,
        summary: 'Cash: payment failed (reason); the points go back',
        params,
        body: redemptionReasonBody,
        response: { 200: redemptionRow },
      },
    },
    async (request) => service.markFailed(app, actorOf(request), request.params.id, request.body.reason),
  );
  app.get(
    '/admin/redemptions/utr-upload/template',
    { config: { access: queue }, schema: { tags, summary: 'The UTR upload template (xlsx)' } },
    async (_request, reply) =>
      downloadHeaders(reply, {
        name: 'utr-upload-template.xlsx',
        contentType: XLSX_CONTENT_TYPE,
        personal: false,
      }).send(await utrTemplate()),
  );
  app.post(
    '/admin/redemptions/utr-upload',
    {
      config: { access: paying },
      schema: {
        tags,
        summary:
          'Mark many cash redemptions paid from an xlsx (Redemption, UTR); applyValid=true applies the good rows',
        querystring: z.object({ applyValid: z.enum(['true', 'false']).default('false') }),
        response: { 200: utrUploadResult },
      },
    },
    async (request) => {
      const { content } = await receiveSpreadsheet(request, 'utr.xlsx');
      return uploadUtrs(app, actorOf(request), { content, applyValid: request.query.applyValid === 'true' });
    },
  );
  errorReportRoute(app, {
    path: '/admin/redemptions/utr-upload/errors',
    access: queue,
    purpose: 'utr_upload_errors',
    tags,
  });

  // ── Settings: beside the point value, kept by the same people ──
  const settings = page('/dashboard/joiningpoints');
  app.get(
    '/admin/redemption/settings',
    {
      config: { access: settings },
      schema: {
        tags: ['points settings'],
        summary:
          'TDS threshold and rates, cash minimum, out-of-stock vouchers (wait or refuse): history, in force flagged',
        response: { 200: z.array(redemptionSettingRow) },
      },
    },
    async () => redemptionSettingsHistory(db),
  );
  app.post(
    '/admin/redemption/settings',
    {
      config: { access: action('joining-points.configure') },
      schema: {
        tags: ['points settings'],
        summary:
          'Set the TDS threshold and rates, the cash minimum and whether an out-of-stock voucher waits or is refused, from a date',
        body: redemptionSettingBody,
        response: { 200: z.array(redemptionSettingRow) },
      },
    },
    async (request) => addRedemptionSetting(app, actorOf(request), request.body),
  );
};
