import { formatDateTime } from '@app/contract/format';
import {
  ERASURE_NOTICE_HOURS,
  PRIVACY_REQUEST_DAYS,
  type PrivacyRequestBody,
  type PrivacyRequestRow,
  type RequestDecisionBody,
} from '@app/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { privacyRequests as r } from '../../db/schema/privacy';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { postEntry } from '../ledger';
import { queueStepMessage } from '../messages';
import * as repo from './privacy.repository';

const memberActor = (memberId: number): Actor => ({ id: null, role: `member:${memberId}`, requestId: null });

/** The member asks; the request is due in PRIVACY_REQUEST_DAYS and lands on the staff queue. */
export async function askRequest(
  app: FastifyInstance,
  memberId: number,
  body: PrivacyRequestBody,
): Promise<PrivacyRequestRow> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(r)
      .values({
        memberId,
        kind: body.kind,
        details: body.details ?? null,
        nomineeName: body.kind === 'nomination' ? (body.nomineeName ?? null) : null,
        nomineeMobile: body.kind === 'nomination' ? (body.nomineeMobile ?? null) : null,
        nomineeRelation: body.kind === 'nomination' ? (body.nomineeRelation ?? null) : null,
        dueAt: sql`now() + make_interval(days => ${PRIVACY_REQUEST_DAYS})`,
      })
      .returning({ id: r.id });
    await audit(tx, memberActor(memberId), {
      action: 'privacy.request',
      entity: 'privacy_requests',
      entityId: row!.id,
      after: { kind: body.kind },
    });
    return (await repo.findRequest(tx, row!.id))!;
  });
}

export const reference = (requestId: number) => `PR${requestId}`;

/**
 * Staff answer a request: who, when and the outcome are recorded, and the member is told in his
 * language through the outbox. An accepted erasure is `scheduled`: the member gets the 48-hour notice
 * and the retention job erases him once it has passed. A closure (a withdrawn necessary purpose) is
 * done only with its balance settled (nothing left) or forfeited as the terms say (a ledger debit).
 */
export async function decideRequest(
  app: FastifyInstance,
  actor: Actor & { id: number },
  requestId: number,
  body: RequestDecisionBody,
): Promise<PrivacyRequestRow> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(r).where(eq(r.id, requestId)).for('update');
    if (!row) throw notFound('Privacy request');
    if (row.status !== 'open') throw conflict(`This request is already ${row.status}`);
    const before = await repo.findRequest(tx, requestId);
    const accepted = body.result === 'done';
    let status: string = body.result;
    let eraseAfter: ReturnType<typeof sql> | null = null;
    if (accepted && row.kind === 'closure') await settleClosure(tx, row.memberId, requestId, actor, body);
    if (accepted && row.kind === 'erasure') {
      status = 'scheduled';
      eraseAfter = sql`now() + make_interval(hours => ${ERASURE_NOTICE_HOURS})`;
    }
    await tx
      .update(r)
      .set({
        status,
        outcome: body.outcome,
        handledBy: actor.id,
        handledAt: sql`now()`,
        ...(eraseAfter ? { eraseAfter } : {}),
      })
      .where(eq(r.id, requestId));
    if (status === 'scheduled') await queueErasureNotice(tx, row.memberId, requestId);
    else
      await queueStepMessage(
        tx,
        row.memberId,
        accepted ? 'privacy.done' : 'privacy.rejected',
        { reference: reference(requestId) },
        { kind: 'privacy_request', id: requestId },
      );
    const after = (await repo.findRequest(tx, requestId))!;
    await audit(tx, actor, {
      action: `privacy.request.${status}`,
      entity: 'privacy_requests',
      entityId: requestId,
      before: { status: before?.status },
      after: { status, outcome: body.outcome, balance: body.balance ?? null },
    });
    return after;
  });
}

/** The 48-hour notice before an erasure, in the member's language, through the outbox. */
export async function queueErasureNotice(tx: Executor, memberId: number, requestId: number) {
  const when = new Date(Date.now() + ERASURE_NOTICE_HOURS * 3_600_000);
  await queueStepMessage(
    tx,
    memberId,
    'privacy.erasure_notice',
    { date: formatDateTime(when) },
    { kind: 'privacy_erasure', id: requestId },
  );
}

async function settleClosure(
  tx: Executor,
  memberId: number,
  requestId: number,
  actor: Actor & { id: number },
  body: RequestDecisionBody,
) {
  const [member] = await tx
    .select({ balance: members.balance, held: members.heldPoints })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) throw notFound('Member');
  if (!body.balance) throw fieldError('balance', 'Say whether the balance was settled or forfeited');
  if (body.balance === 'settled' && member.balance > 0)
    throw fieldError(
      'balance',
      `The member still has ${member.balance.toLocaleString('en-IN')} points: settle them first, or forfeit them`,
    );
  if (body.balance === 'forfeited' && member.held > 0)
    throw fieldError('balance', 'Review the held scans first: held points cannot be forfeited');
  if (body.balance === 'forfeited' && member.balance > 0)
    await postEntry(tx, {
      memberId,
      amount: -member.balance,
      kind: 'adjustment',
      reference: `privacy-closure:${requestId}`,
      staffId: actor.id,
      note: 'Forfeited on closure: consent to a necessary purpose withdrawn',
    });
}
