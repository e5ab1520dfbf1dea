import {
  REWARD_ENTITY,
  redemptionsEndpoints,
  rewardCreateBody,
  rewardRow,
  rewardsEndpoints,
  rewardUpdateBody,
} from '@app/contract/redemptions';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { downloadHeaders } from '../../lib/downloads';
import { notFound } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { recordRoutes } from '../../lib/records';
import { errorReportRoute } from '../../lib/upload-reports';
import { receiveSpreadsheet, SHEET_MULTIPART } from '../../lib/uploads';
import { route } from '../../plugins/endpoint-routes';
import { openStored } from '../files';
import { addRedemptionSetting, redemptionSettingsHistory } from './redemption-settings';
import { redemptionList, redemptionsOfMember } from './redemptions.repository';
import * as service from './redemptions.service';
import { findReward, rewardList, rewardRecord } from './rewards.repository';
import { rewardValues } from './rewards.service';
import { uploadUtrs, utrTemplate } from './utr-upload';

/** Manage Catalogue → Rewards; Approvals → Redemption; the TDS and cash-minimum settings. */
export const redemptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SHEET_MULTIPART);
  const { db } = app.database;

  // ── Rewards: a simple record (create, partial edit, archive, each audited) ──
  recordRoutes(app, {
    endpoints: rewardsEndpoints,
    entity: REWARD_ENTITY,
    label: 'Reward',
    ...rewardRecord,
    list: rewardList,
    row: rewardRow,
    create: rewardCreateBody,
    update: rewardUpdateBody,
    fileName: 'rewards',
    values: rewardValues,
  });
  route(app, rewardsEndpoints.image, async (request, reply) => {
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
  });

  // ── Redemptions (declared in contract redemptionsEndpoints) ──
  const e = redemptionsEndpoints;
  listRoutes(app, { endpoints: e, list: redemptionList, fileName: 'redemptions' });
  listRoutes(app, {
    endpoints: e.ofMember,
    list: redemptionList,
    fileName: 'member-redemptions',
    scope: (request) => redemptionsOfMember(pathId(request)),
  });
  route(app, e.one, async (request) => service.getRedemption(app, request.params.id));
  route(app, e.approve, async (request) =>
    service.decideRedemption(app, actorOf(request), request.params.id, 'approved', null),
  );
  route(app, e.reject, async (request) =>
    service.decideRedemption(app, actorOf(request), request.params.id, 'rejected', request.body.reason),
  );
  for (const [declaration, result] of [
    [e.bulkApprove, 'approved'],
    [e.bulkReject, 'rejected'],
  ] as const)
    route(app, declaration, async (request) => ({
      outcomes: await service.decideRedemptions(
        app,
        actorOf(request),
        request.body.ids,
        result,
        request.body.reason || null,
      ),
    }));
  route(app, e.paid, async (request) =>
    service.markPaid(app, actorOf(request), request.params.id, request.body.utr),
  );
  route(app, e.failed, async (request) =>
    service.markFailed(app, actorOf(request), request.params.id, request.body.reason),
  );
  route(app, e.utr.template, async (_request, reply) =>
    downloadHeaders(reply, {
      name: 'utr-upload-template.xlsx',
      contentType: XLSX_CONTENT_TYPE,
      personal: false,
    }).send(await utrTemplate()),
  );
  route(app, e.utr.upload, async (request) => {
    const { content } = await receiveSpreadsheet(request, 'utr.xlsx');
    return uploadUtrs(app, actorOf(request), { content, applyValid: request.query.applyValid === 'true' });
  });
  errorReportRoute(app, { endpoint: e.utr.errors, purpose: 'utr_upload_errors' });

  // ── Settings: beside the point value, kept by the same people ──
  route(app, e.settings, async () => redemptionSettingsHistory(db));
  route(app, e.setSettings, async (request) => addRedemptionSetting(app, actorOf(request), request.body));
};
