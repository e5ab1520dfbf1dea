import type { ReferralTrigger } from '@app/contract/points-settings';
import type { Executor } from '../../db/client';
import { postEntry } from '../ledger';
import { lockMember } from '../members';
import { joiningInForce, referralInForce } from './points-settings.repository';

/**
 * Joining and referral credits (PRODUCT.md §3.4). Each posts under a reference naming its cause, so
 * however often the trigger repeats (re-approval, a retried request, a second first scan), the
 * ledger's unique (kind, reference) lets it post once.
 */
export async function creditJoining(
  tx: Executor,
  memberId: number,
  memberType: string,
  staffId: number | null,
) {
  const setting = await joiningInForce(tx, memberType);
  if (!setting || setting.points === 0) return null;
  return postEntry(tx, {
    memberId,
    amount: setting.points,
    kind: 'joining',
    reference: `joining:${memberId}`,
    staffId,
    note: 'Joining points',
  });
}

/**
 * Credits the referrer and the new member when `event` is the trigger the setting in force names.
 * Call it on every occurrence of the event. The first scan is applied by the database function
 * `scan_coupon` (db/custom/points_and_scans.sql) under the same references, so it also pays once.
 */
export async function referralTrigger(
  tx: Executor,
  memberId: number,
  event: ReferralTrigger,
  staffId: number | null = null,
) {
  const setting = await referralInForce(tx);
  if (!setting || setting.trigger !== event) return;
  const member = await lockMember(tx, memberId);
  if (!member?.referredBy) return;
  const credits = [
    {
      to: member.referredBy,
      amount: setting.referrerPoints,
      side: 'referrer',
      note: `Referred ${member.code}`,
    },
    { to: memberId, amount: setting.refereePoints, side: 'referee', note: 'Referral welcome points' },
  ];
  for (const c of credits) {
    if (c.amount <= 0) continue;
    await postEntry(tx, {
      memberId: c.to,
      amount: c.amount,
      kind: 'referral',
      reference: `referral:${memberId}:${c.side}`,
      staffId,
      note: c.note,
    });
  }
}
