import type { MemberDecisionResult } from '@app/contract/members';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { creditJoining, referralTrigger } from '../points-settings/points-credits';
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

async function apply(
  tx: Tx,
  actor: Actor,
  id: number,
  t: Transition,
  reason: string | null,
): Promise<string | null> {
  const member = await lockMember(tx, id);
  if (!member) return 'Member not found';
  if (!t.from.includes(member.status)) return `Member is ${member.status}`;
  await setMemberStatus(tx, id, {
    status: t.to,
    statusReason: reason,
    ...(t.to === 'approved' ? { approvedAt: sql`coalesce(approved_at, now())` } : {}),
  });
  if (t.credits) {
    await creditJoining(tx, id, member.type, actor.id);
    await referralTrigger(tx, id, 'registration_approved', actor.id);
  }
  await audit(tx, actor, {
    action: t.action,
    entity: 'member',
    entityId: id,
    before: { status: member.status, statusReason: member.statusReason },
    after: { status: t.to, statusReason: reason },
  });
  return null;
}

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
  const result: MemberDecisionResult = { done: [], skipped: [] };
  await app.database.db.transaction(async (tx) => {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const skipped = await apply(tx, actor, id, TRANSITIONS[name], reason || null);
      if (skipped) result.skipped.push({ id, reason: skipped });
      else result.done.push(id);
    }
  });
  return result;
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
