import { todayInIndia } from '@app/contract/coupon-batches';
import {
  type JoiningSettingBody,
  type PointValueSettingBody,
  type ReferralSettingBody,
  SETTINGS_MESSAGES,
} from '@app/contract/points-settings';
import type { FastifyInstance } from 'fastify';
import { joiningSettings, pointValueSettings, referralSettings } from '../../db/schema/points-settings';
import { type Actor, audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { istDayStart } from '../../lib/lists/ist-day';
import { joiningHistory, pointValueHistory, referralHistory } from './points-settings.repository';

/** 00:00 IST of the chosen day; a day before today (IST) would rewrite history, so it is refused. */
function effectiveInstant(day: string): Date {
  if (day < todayInIndia()) throw fieldError('effectiveFrom', SETTINGS_MESSAGES.pastDate);
  const at = istDayStart(day);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return new Date(at);
}

/** A new joining setting: from 00:00 IST of its day it supersedes the earlier ones for its type. */
export async function addJoiningSetting(app: FastifyInstance, actor: Actor, body: JoiningSettingBody) {
  const effectiveFrom = effectiveInstant(body.effectiveFrom);
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(joiningSettings)
      .values({ memberType: body.memberType, points: body.points, effectiveFrom, createdBy: actor.id })
      .returning({ id: joiningSettings.id });
    await audit(tx, actor, {
      action: 'joining_setting.added',
      entity: 'joining_setting',
      entityId: row!.id,
      after: body,
    });
    return joiningHistory(tx);
  });
}

export async function addReferralSetting(app: FastifyInstance, actor: Actor, body: ReferralSettingBody) {
  const effectiveFrom = effectiveInstant(body.effectiveFrom);
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(referralSettings)
      .values({ ...body, effectiveFrom, createdBy: actor.id })
      .returning({ id: referralSettings.id });
    await audit(tx, actor, {
      action: 'referral_setting.added',
      entity: 'referral_setting',
      entityId: row!.id,
      after: body,
    });
    return referralHistory(tx);
  });
}

/** A new value of a point: from 00:00 IST of its day it values outstanding points (liability). */
export async function addPointValueSetting(app: FastifyInstance, actor: Actor, body: PointValueSettingBody) {
  const effectiveFrom = effectiveInstant(body.effectiveFrom);
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pointValueSettings)
      .values({ paisePerPoint: body.paisePerPoint, effectiveFrom, createdBy: actor.id })
      .returning({ id: pointValueSettings.id });
    await audit(tx, actor, {
      action: 'point_value_setting.added',
      entity: 'point_value_setting',
      entityId: row!.id,
      after: body,
    });
    return pointValueHistory(tx);
  });
}
