import type { KycDocument, KycRejectReason, KycSubmitBody } from '@app/contract/kyc';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { kycSubmissions as k } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { decryptText, encryptText } from '../../lib/field-crypto';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { claimFile } from '../files';
import { checkKycDuplicates, kycHashes } from '../fraud-rules';
import { queueStepMessage } from '../messages';
import { referralTrigger } from '../points-settings';
import { recordWebhookEvent } from '../webhooks';
import { CLAIM_TTL, findKycRow, kycOfMember, lockSubmission } from './kyc.repository';

const FILE_FIELDS = ['aadhaarFrontFileId', 'aadhaarBackFileId', 'panFileId', 'chequeFileId'] as const;

/** A member submits (or, after a rejection, resubmits) KYC. Replays by Idempotency-Key. */
export async function submitKyc(
  app: FastifyInstance,
  memberId: number,
  body: KycSubmitBody,
  ctx: IdempotencyContext,
) {
  const key = app.config.encryptionKey;
  return idempotent(app, ctx, async (tx) => {
    const [m] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!m) throw notFound('Member');
    if (m.status === 'blocked' || m.status === 'rejected')
      throw new AppError(409, 'member_not_allowed', `A ${m.status} member cannot submit KYC`);
    if (m.kycStatus === 'submitted') throw conflict('Your KYC is already under review');
    if (m.kycStatus === 'approved') throw conflict('Your KYC is already approved');
    // Each image: the member's own upload for KYC, used by no other submission (nor twice here).
    for (const field of FILE_FIELDS)
      await claimFile(tx, body[field], {
        purpose: 'kyc_image',
        owner: { memberId },
        field,
        message: 'Upload this image first (POST /api/app/uploads)',
      });
    const [row] = await tx
      .insert(k)
      .values({
        memberId,
        aadhaarLast4: body.aadhaarLast4,
        aadhaarFrontFileId: body.aadhaarFrontFileId,
        aadhaarBackFileId: body.aadhaarBackFileId,
        ...kycHashes(key, body),
        panCipher: encryptText(key, body.pan),
        panLast4: body.pan.slice(-4),
        panFileId: body.panFileId,
        accountHolder: body.accountHolder,
        accountCipher: encryptText(key, body.accountNumber),
        accountLast4: body.accountNumber.slice(-4),
        ifsc: body.ifsc,
        bankName: body.bankName,
        chequeFileId: body.chequeFileId,
        upiId: body.upiId ?? null,
      })
      .returning({ id: k.id });
    await tx
      .update(members)
      .set({ kycStatus: 'submitted', updatedAt: sql`now()` })
      .where(eq(members.id, memberId));
    const [latest] = await kycOfMember(tx, memberId);
    if (latest?.id !== row!.id) throw new Error('KYC submission not found after insert');
    return latest;
  });
}

async function holderName(tx: Tx, staffId: number | null) {
  if (!staffId) return 'someone else';
  const [s] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId));
  return s?.name ?? 'someone else';
}

/** Takes a submission for review; refused (naming the holder) while another reviewer holds it. */
export async function claim(app: FastifyInstance, actor: Actor & { id: number }, id: number) {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(k)
      .set({ claimedBy: actor.id, claimedAt: sql`now()` })
      .where(
        and(
          eq(k.id, id),
          eq(k.status, 'submitted'),
          or(
            sql`${k.claimedBy} is null`,
            eq(k.claimedBy, actor.id),
            sql`${k.claimedAt} <= now() - ${CLAIM_TTL}::interval`,
          ),
        ),
      )
      .returning({ id: k.id });
    if (!row) {
      const current = await lockSubmission(tx, id);
      if (!current) throw notFound('KYC submission');
      if (current.status !== 'submitted') throw conflict(`This submission was already ${current.status}`);
      throw new AppError(409, 'claimed', `Claimed by ${await holderName(tx, current.claimedBy)}`);
    }
    await audit(tx, actor, { action: 'kyc.claimed', entity: 'kyc', entityId: id });
    return (await findKycRow(tx, id))!;
  });
}

export async function release(app: FastifyInstance, actor: Actor & { id: number }, id: number) {
  return app.database.db.transaction(async (tx) => {
    const current = await lockSubmission(tx, id);
    if (!current) throw notFound('KYC submission');
    if (current.status !== 'submitted' || current.claimedBy !== actor.id)
      throw conflict('You do not hold this submission');
    await tx.update(k).set({ claimedBy: null, claimedAt: null }).where(eq(k.id, id));
    await audit(tx, actor, { action: 'kyc.released', entity: 'kyc', entityId: id });
    return (await findKycRow(tx, id))!;
  });
}

type Decision =
  | { result: 'approved'; comment?: string }
  | { result: 'rejected'; reasonCode: KycRejectReason; comment?: string };

type Submission = NonNullable<Awaited<ReturnType<typeof lockSubmission>>>;

/**
 * KYC decisions through the shared mechanism: the member submitted, so there is no staff maker; the
 * flow's own rule is that only the reviewer holding the claim decides. The member's KYC status follows.
 */
export const kycDecisions: DecisionFlow<Submission, { reasonCode: KycRejectReason | null }> = {
  entity: 'KYC submission',
  lock: lockSubmission,
  wrongState: (current) =>
    current.status === 'submitted' ? null : `This submission was already ${current.status}`,
  async check(tx, current, { actor }) {
    if (current.claimedBy === actor.id) return;
    const holder = current.claimedBy
      ? `It is claimed by ${await holderName(tx, current.claimedBy)}`
      : 'Claim it first';
    throw new AppError(409, 'not_claimed', `You do not hold this submission. ${holder}.`);
  },
  async apply(tx, current, { actor, result, reason, input }) {
    const reasonCode = result === 'rejected' ? input.reasonCode : null;
    // The fraud rules on the same PAN or bank account: hold/refuse refuse the approval.
    const duplicates = result === 'approved' ? await checkKycDuplicates(tx, current.id) : [];
    await tx
      .update(k)
      .set({ status: result, decidedBy: actor.id, decidedAt: sql`now()`, reasonCode, comment: reason })
      .where(eq(k.id, current.id));
    await tx
      .update(members)
      .set({ kycStatus: result, updatedAt: sql`now()` })
      .where(eq(members.id, current.memberId));
    if (result === 'approved') await referralTrigger(tx, current.memberId, 'kyc_approved', actor.id);
    await recordWebhookEvent(tx, 'kyc.decided', current.memberId, {
      memberId: current.memberId,
      submissionId: current.id,
      decision: result,
      reason: reason ?? reasonCode ?? null,
    });
    await queueStepMessage(
      tx,
      current.memberId,
      `kyc.${result}`,
      { reason: reason ?? reasonCode },
      { kind: 'kyc_submission', id: current.id },
    );
    return {
      action: `kyc.${result}`,
      entity: 'member',
      entityId: current.memberId,
      before: { kycStatus: 'submitted' },
      after: {
        kycStatus: result,
        submission: current.id,
        reasonCode,
        comment: reason,
        ...(duplicates.length > 0 ? { flagged: duplicates } : {}),
      },
    };
  },
};

/** Approves or rejects a submission the reviewer holds. */
export function decide(app: FastifyInstance, actor: Actor & { id: number }, id: number, decision: Decision) {
  const reasonCode = decision.result === 'rejected' ? decision.reasonCode : null;
  if (reasonCode === 'other' && !decision.comment) throw fieldError('comment', 'Say why in the comment');
  const { result, comment } = decision;
  return decideOne(
    app,
    kycDecisions,
    id,
    { actor, result, reason: comment ?? null, input: { reasonCode } },
    async (tx, kycId) => (await findKycRow(tx, kycId))!,
  );
}

/** The full PAN or account number, for a holder of the KYC pages; every reveal is audited. */
export async function reveal(app: FastifyInstance, actor: Actor, id: number, field: 'pan' | 'accountNumber') {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pan: k.panCipher, account: k.accountCipher, memberId: k.memberId })
      .from(k)
      .where(eq(k.id, id));
    if (!row) throw notFound('KYC submission');
    await audit(tx, actor, {
      action: 'kyc.revealed',
      entity: 'member',
      entityId: row.memberId,
      after: { submission: id, field },
    });
    return { field, value: decryptText(app.config, field === 'pan' ? row.pan : row.account) };
  });
}

const DOCUMENT_COLUMNS = {
  aadhaarFront: k.aadhaarFrontFileId,
  aadhaarBack: k.aadhaarBackFileId,
  pan: k.panFileId,
  cheque: k.chequeFileId,
};

export async function documentFileId(app: FastifyInstance, id: number, doc: KycDocument): Promise<number> {
  const [row] = await app.database.db.select({ fileId: DOCUMENT_COLUMNS[doc] }).from(k).where(eq(k.id, id));
  if (!row) throw notFound('KYC submission');
  return row.fileId;
}
