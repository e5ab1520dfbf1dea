import type { MemberDecisionResult } from '@app/contract/members';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { type DecisionFlow, decideMany } from '../../lib/decisions';
import { conflict, notFound } from '../../lib/errors';
import { queueStepMessage } from '../messages';
import { creditJoining, referralTrigger } from '../points-settings';
import { recordWebhookEvent } from '../webhooks';
import { findMemberDetail, lockMember, setMemberStatus } from './members.repository';

/** A status change: which statuses it starts from, where it goes, and what else happens. */
interface Transition {
  action: string;
  from: readonly string[];
  to: 'approved' | 'rejected' | 'blocked';
  /** Approval credits joining points and may trigger referral points (each posts once, ever). */
  credits: boolean;
}

export const TRANSITIONS = {
  approve: { action: 'member.approved', from: ['pending'], to: 'approved', credits: true },
  reject: { action: 'member.rejected', from: ['pending'], to: 'rejected', credits: false },
  reapprove: { action: 'member.reapproved', from: ['rejected'], to: 'approved', credits: true },
  block: { action: 'member.blocked', from: ['approved'], to: 'blocked', credits: false },
  unblock: { action: 'member.unblocked', from: ['blocked'], to: 'approved', credits: false },
} as const satisfies Record<string, Transition>;
export type TransitionName = keyof typeof TRANSITIONS;

type LockedMember = NonNullable<Awaited<ReturnType<typeof lockMember>>>;

/** A status change as a decision flow: members register themselves, so no staff maker to refuse. */
const flowOf = (t: Transition): DecisionFlow<LockedMember> => ({
  entity: 'Member',
  lock: lockMember,
  wrongState: (member) => (t.from.includes(member.status) ? null : `Member is ${member.status}`),
  async apply(tx, member, { actor, reason }) {
    await setMemberStatus(tx, member.id, {
      status: t.to,
      statusReason: reason,
      ...(t.to === 'approved' ? { approvedAt: sql`coalesce(approved_at, now())` } : {}),
    });
    if (t.action !== 'member.blocked' && t.action !== 'member.unblocked')
      await queueStepMessage(
        tx,
        member.id,
        t.to === 'approved' ? 'registration.approved' : 'registration.rejected',
        { reason },
        { kind: t.action, id: member.id },
      );
    if (t.credits || t.to === 'blocked')
      await recordWebhookEvent(tx, t.to === 'blocked' ? 'member.blocked' : 'member.approved', member.id, {
        memberId: member.id,
        memberCode: member.code,
        reason: reason ?? null,
      });
    if (t.credits) {
      await creditJoining(tx, member.id, member.type, actor.id);
      await referralTrigger(tx, member.id, 'registration_approved', actor.id);
    }
    return {
      action: t.action,
      entity: 'member',
      entityId: member.id,
      before: { status: member.status, statusReason: member.statusReason },
      after: { status: t.to, statusReason: reason },
    };
  },
});
export const MEMBER_DECISIONS = Object.fromEntries(
  Object.entries(TRANSITIONS).map(([name, t]) => [name, flowOf(t)]),
) as Record<TransitionName, DecisionFlow<LockedMember>>;

/**
 * Applies one transition to many members in one transaction. Members not in a starting status
 * are skipped with the reason (someone else decided them first); the others all change together.
 */
export async function decideMembers(
  app: FastifyInstance,
  actor: Actor,
  name: TransitionName,
  ids: number[],
  reason: string | undefined,
): Promise<MemberDecisionResult> {
  const result = TRANSITIONS[name].to === 'rejected' ? 'rejected' : 'approved';
  const decision = { actor, result, reason: reason || null, input: undefined } as const;
  const outcomes = await decideMany(app, MEMBER_DECISIONS[name], ids, decision);
  return {
    done: outcomes.filter((o) => o.outcome !== 'skipped').map((o) => o.id),
    skipped: outcomes.flatMap((o) => (o.outcome === 'skipped' ? [{ id: o.id, reason: o.error ?? '' }] : [])),
    outcomes,
  };
}

/** Block or unblock one member: the member detail view's action. */
export async function changeOne(
  app: FastifyInstance,
  actor: Actor,
  name: 'block' | 'unblock',
  id: number,
  reason: string,
) {
  const { skipped } = await decideMembers(app, actor, name, [id], reason);
  if (skipped[0]?.reason === 'Member not found') throw notFound('Member');
  if (skipped[0]) throw conflict(`Cannot ${name}: ${skipped[0].reason.toLowerCase()}`);
  return (await findMemberDetail(app.database.db, id))!;
}
