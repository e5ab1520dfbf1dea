import { istDayStart, todayInIndia } from '@app/contract/format';
import {
  type JoiningSettingBody,
  type PendingScanSettingBody,
  type PointValueSettingBody,
  type ReferralSettingBody,
  SETTINGS_MESSAGES,
} from '@app/contract/points-settings';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import {
  joiningSettings,
  pendingScanSettings,
  pointValueSettings,
  referralSettings,
} from '../../db/schema/points-settings';
import { type Actor, audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import {
  joiningHistory,
  pendingScanHistory,
  pointValueHistory,
  referralHistory,
} from './points-settings.repository';

/** 00:00 IST of the chosen day; a day before today (IST) would rewrite history, so it is refused. */
function effectiveInstant(day: string): Date {
  if (day < todayInIndia()) throw fieldError('effectiveFrom', SETTINGS_MESSAGES.pastDate);
  const at = istDayStart(day);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return new Date(at);
}

/**
 * A new setting row in force from 00:00 IST of its day (it supersedes the earlier ones), audited in
 * the same transaction; answers the setting's history.
 */
async function addSetting<History>(
  app: FastifyInstance,
  actor: Actor,
  entity: string,
  body: { effectiveFrom: string },
  insert: (tx: Executor, effectiveFrom: Date) => Promise<number>,
  history: (tx: Executor) => Promise<History>,
) {
  const effectiveFrom = effectiveInstant(body.effectiveFrom);
  return app.database.db.transaction(async (tx) => {
    const id = await insert(tx, effectiveFrom);
    await audit(tx, actor, { action: `${entity}.added`, entity, entityId: id, after: body });
    return history(tx);
  });
}

const idOf = (rows: { id: number }[]) => rows[0]!.id;

/** A joining setting for one member type. */
export const addJoiningSetting = (app: FastifyInstance, actor: Actor, body: JoiningSettingBody) =>
  addSetting(
    app,
    actor,
    'joining_setting',
    body,
    async (tx, effectiveFrom) =>
      idOf(
        await tx
          .insert(joiningSettings)
          .values({ memberType: body.memberType, points: body.points, effectiveFrom, createdBy: actor.id })
          .returning({ id: joiningSettings.id }),
      ),
    joiningHistory,
  );

export const addReferralSetting = (app: FastifyInstance, actor: Actor, body: ReferralSettingBody) =>
  addSetting(
    app,
    actor,
    'referral_setting',
    body,
    async (tx, effectiveFrom) =>
      idOf(
        await tx
          .insert(referralSettings)
          .values({ ...body, effectiveFrom, createdBy: actor.id })
          .returning({ id: referralSettings.id }),
      ),
    referralHistory,
  );

/** A new value of a point: from its day it values outstanding points (liability). */
export const addPointValueSetting = (app: FastifyInstance, actor: Actor, body: PointValueSettingBody) =>
  addSetting(
    app,
    actor,
    'point_value_setting',
    body,
    async (tx, effectiveFrom) =>
      idOf(
        await tx
          .insert(pointValueSettings)
          .values({ paisePerPoint: body.paisePerPoint, effectiveFrom, createdBy: actor.id })
          .returning({ id: pointValueSettings.id }),
      ),
    pointValueHistory,
  );

/** Scans while pending: from its day, a pending member's scan is held (refused, kept on the phone) or credited. */
export const addPendingScanSetting = (app: FastifyInstance, actor: Actor, body: PendingScanSettingBody) =>
  addSetting(
    app,
    actor,
    'pending_scan_setting',
    body,
    async (tx, effectiveFrom) =>
      idOf(
        await tx
          .insert(pendingScanSettings)
          .values({ mode: body.mode, effectiveFrom, createdBy: actor.id })
          .returning({ id: pendingScanSettings.id }),
      ),
    pendingScanHistory,
  );
