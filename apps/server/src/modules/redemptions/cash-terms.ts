import { financialYearOf } from '@app/contract/format';
import {
  type CashQuote,
  computeTds,
  type PayoutMethod,
  REDEMPTION_MESSAGES,
} from '@app/contract/redemptions';
import type { Executor } from '../../db/client';
import type { kycSubmissions } from '../../db/schema/kyc';
import { fieldError } from '../../lib/errors';
import { paisePerPoint } from '../points-settings';
import type { redemptionSettingsInForce } from './redemption-settings';
import { fyValuePaise } from './redemption-tds';

type Kyc = typeof kycSubmissions.$inferSelect;
type Settings = Awaited<ReturnType<typeof redemptionSettingsInForce>>;

/**
 * The TDS a new redemption of `valuePaise` carries when requested `now`: the member's standing value of
 * the financial year so far is its prior. The request stores it and the quote shows it, so what the
 * member confirms is what the request records (approval and settling recompute it the same way).
 */
export async function newRedemptionTds(
  tx: Executor,
  memberId: number,
  kyc: Kyc,
  settings: Settings,
  valuePaise: number,
  now: Date,
) {
  const financialYear = financialYearOf(now);
  const priorFyValuePaise = await fyValuePaise(tx, memberId, financialYear);
  const panOnFile = Boolean(kyc.panCipher && kyc.panLast4);
  const tds = computeTds({
    valuePaise,
    priorFyValuePaise,
    panOnFile,
    thresholdPaise: settings.tdsThresholdPaise,
    rateBp: settings.tdsRateBp,
    noPanRateBp: settings.tdsNoPanRateBp,
  });
  return { financialYear, priorFyValuePaise, panOnFile, ...tds };
}

/** Where a cash redemption is paid (the approved KYC's UPI id or bank account); the field error otherwise. */
export function payoutToOf(kyc: Kyc, payout: PayoutMethod): string {
  if (payout === 'upi') {
    if (!kyc.upiId) throw fieldError('payout', REDEMPTION_MESSAGES.noUpi);
    return kyc.upiId;
  }
  if (!kyc.accountLast4) throw fieldError('payout', REDEMPTION_MESSAGES.noBank);
  return `${kyc.bankName} •••• ${kyc.accountLast4}`;
}

/** A cash redemption's terms now: the minimum, where it is paid, its value, TDS and net. */
export async function cashTerms(
  tx: Executor,
  input: { memberId: number; kyc: Kyc; settings: Settings; points: number; payout: PayoutMethod; now: Date },
): Promise<CashQuote & { priorFyValuePaise: number; panOnFile: boolean; paisePerPoint: number }> {
  const { points, settings } = input;
  if (points < settings.minCashPoints)
    throw fieldError('points', REDEMPTION_MESSAGES.belowMinimum(settings.minCashPoints));
  const payoutTo = payoutToOf(input.kyc, input.payout);
  const ppp = await paisePerPoint(tx);
  const valuePaise = points * ppp;
  const tds = await newRedemptionTds(tx, input.memberId, input.kyc, settings, valuePaise, input.now);
  return {
    points,
    payout: input.payout,
    payoutTo,
    valuePaise,
    paisePerPoint: ppp,
    tdsRateBp: tds.rateBp,
    tdsPaise: tds.tdsPaise,
    netPaise: valuePaise - tds.tdsPaise,
    financialYear: tds.financialYear,
    priorFyValuePaise: tds.priorFyValuePaise,
    panOnFile: tds.panOnFile,
  };
}
