import {
  LIMITS_MESSAGES,
  type PointsLimitsBody,
  type PointsLimitsRow,
  REDEMPTION_LIMIT_MESSAGES,
} from '@app/contract/points-limits';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { settingService } from '../../lib/settings';
import { tierRedeemMinBalance } from '../tiers';
import * as repo from './points-limits.repository';

export const POINTS_LIMITS_ENTITY = 'points_limits';

/** Caps and limits on the setting kit: requested, then approved or rejected by someone else. */
const limits = settingService<PointsLimitsRow, PointsLimitsBody, repo.LimitValues>({
  repository: repo.limitsSetting,
  auditEntity: POINTS_LIMITS_ENTITY,
  auditAction: 'points_limits',
  noun: 'Limits',
  messages: { pastDate: LIMITS_MESSAGES.pastDate, makerChecker: LIMITS_MESSAGES.makerChecker },
  decided: (status) => `These limits are already ${status}`,
  values: (body) => ({
    scanPointsPerDay: body.scanPointsPerDay ?? null,
    scanPointsPerMonth: body.scanPointsPerMonth ?? null,
    redeemMinBalance: body.redeemMinBalance ?? null,
    redeemPointsPerMonth: body.redeemPointsPerMonth ?? null,
  }),
  snapshot: (l) => ({
    scanPointsPerDay: l.scanPointsPerDay,
    scanPointsPerMonth: l.scanPointsPerMonth,
    redeemMinBalance: l.redeemMinBalance,
    redeemPointsPerMonth: l.redeemPointsPerMonth,
  }),
});

export const listLimits = limits.list;
/** A change of caps and limits, requested: it applies to nothing until someone else approves it. */
export const requestLimits = limits.request;
/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
export const decideLimits = limits.decide;

/**
 * The redemption limits in force, checked in the caller's transaction, which must hold the member's
 * row lock (so concurrent requests of one member count one another): the balance the member needs
 * before any redemption (field `balance`) and the points they may redeem per calendar month, IST
 * (field `points`). The member's tier may lower the minimum (its `redeemMinBalance`, when lower than
 * the programme's). The message is in the member's language.
 */
export async function checkRedemptionLimits(
  tx: Executor,
  member: { id: number; balance: number; language: string | null },
  points: number,
): Promise<void> {
  const limits = await repo.limitsInForce(tx);
  const say = (text: { en: string; hi: string }) => (member.language === 'hi' ? text.hi : text.en);
  // A member's tier may lower the minimum balance: the lower of the two applies.
  const tierMin = limits.redeemMinBalance === null ? null : await tierRedeemMinBalance(tx, member.id);
  const minBalance =
    limits.redeemMinBalance === null || tierMin === null
      ? limits.redeemMinBalance
      : Math.min(limits.redeemMinBalance, tierMin);
  if (minBalance !== null && member.balance < minBalance)
    throw fieldError('balance', say(REDEMPTION_LIMIT_MESSAGES.minBalance(minBalance)));
  if (limits.redeemPointsPerMonth !== null) {
    const used = await repo.redeemedThisMonth(tx, member.id);
    if (used + points > limits.redeemPointsPerMonth)
      throw fieldError(
        'points',
        say(
          REDEMPTION_LIMIT_MESSAGES.monthly(
            limits.redeemPointsPerMonth,
            Math.max(0, limits.redeemPointsPerMonth - used),
          ),
        ),
      );
  }
}
