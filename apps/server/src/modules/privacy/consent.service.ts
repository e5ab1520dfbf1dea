import {
  type ConsentBody,
  type ConsentState,
  NECESSARY_PURPOSES,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  PRIVACY_PURPOSES,
  PRIVACY_REQUEST_DAYS,
  type PrivacyPurpose,
  PURPOSE_BASIS,
} from '@app/contract/privacy';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { privacyConsents as c, privacyRequests } from '../../db/schema/privacy';
import { audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { isoText } from '../../lib/lists/sql';

/** Who answers: the member in the app (the actor of the audit entry is then no staff account). */
const memberActor = (memberId: number) => ({ id: null, role: `member:${memberId}`, requestId: null });

/**
 * Records the member's answer to the notice, one row per purpose: the necessary bundle (all or none:
 * without it there is no programme), tax as a legal duty (told, recorded as given, never asked), and
 * each optional purpose as chosen. Inside the caller's transaction (registration, or the re-ask of a
 * new notice version), so the consent exists exactly when what it allows does.
 */
export async function recordConsent(
  tx: Executor,
  memberId: number,
  body: ConsentBody,
  channel: 'app' | 'staff',
): Promise<void> {
  if (body.noticeVersion !== PRIVACY_NOTICE_VERSION)
    throw fieldError('consent.noticeVersion', PRIVACY_MESSAGES.noticeVersion);
  if (!body.choices.necessary) throw fieldError('consent.choices.necessary', PRIVACY_MESSAGES.necessary);
  const granted = (purpose: PrivacyPurpose) =>
    PURPOSE_BASIS[purpose] === 'optional' ? body.choices[purpose as 'marketing'] : true;
  // An answer to a new version supersedes what is in force: the old rows are closed, not edited.
  await tx
    .update(c)
    .set({ withdrawnAt: sql`now()`, withdrawnChannel: 'superseded' })
    .where(and(eq(c.memberId, memberId), isNull(c.withdrawnAt)));
  await tx.insert(c).values(
    PRIVACY_PURPOSES.map((purpose) => ({
      memberId,
      purpose,
      granted: granted(purpose),
      noticeVersion: body.noticeVersion,
      channel,
      language: body.language,
    })),
  );
  await audit(tx, memberActor(memberId), {
    action: 'privacy.consent',
    entity: 'members',
    entityId: memberId,
    after: { noticeVersion: body.noticeVersion, language: body.language, channel, ...body.choices },
  });
}

export async function consentStateOf(db: Executor, memberId: number): Promise<ConsentState> {
  const records = await db
    .select({
      id: c.id,
      purpose: sql<PrivacyPurpose>`${c.purpose}`,
      granted: c.granted,
      noticeVersion: c.noticeVersion,
      channel: c.channel,
      language: c.language,
      givenAt: isoText(c.givenAt),
      withdrawnAt: sql<string | null>`${isoText(c.withdrawnAt)}`,
    })
    .from(c)
    .where(eq(c.memberId, memberId))
    .orderBy(desc(c.id));
  const inForce = records.filter((r) => r.withdrawnAt === null);
  const answered = records.filter((r) => r.noticeVersion === PRIVACY_NOTICE_VERSION);
  return {
    noticeVersion: PRIVACY_NOTICE_VERSION,
    noticeNeeded: answered.length === 0,
    purposes: PRIVACY_PURPOSES.map((purpose) => {
      const now = inForce.find((r) => r.purpose === purpose);
      const last = records.find((r) => r.purpose === purpose);
      return {
        purpose,
        basis: PURPOSE_BASIS[purpose],
        // Withdrawn (a row, none in force): false; never answered: null.
        granted: now ? now.granted : last && last.withdrawnAt !== null ? false : null,
      };
    }),
    records,
  };
}

/** The member answers the current notice in the app (a new version asks again at the next open). */
export async function giveConsent(app: FastifyInstance, memberId: number, body: ConsentBody) {
  await app.database.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await recordConsent(tx, memberId, body, 'app');
  });
  return consentStateOf(app.database.db, memberId);
}

const lockMember = (tx: Executor, memberId: number) =>
  tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');

/**
 * Withdrawal, as easy as giving and effective at once: the purpose's consent in force is closed now,
 * so the outbox refuses a marketing message from this statement on (queued ones too, at send time).
 * A necessary purpose withdrawn ends the membership: the member is blocked at once (no new scans or
 * redemptions) and a closure request goes on the staff queue, where the balance is settled or
 * forfeited as the terms say. Tax deduction is a legal duty and cannot be withdrawn.
 */
export async function withdrawConsent(app: FastifyInstance, memberId: number, purpose: PrivacyPurpose) {
  if (PURPOSE_BASIS[purpose] === 'legal') throw fieldError('purpose', PRIVACY_MESSAGES.legal);
  await app.database.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const closed = await tx
      .update(c)
      .set({ withdrawnAt: sql`now()`, withdrawnChannel: 'app' })
      .where(
        and(eq(c.memberId, memberId), eq(c.purpose, purpose), isNull(c.withdrawnAt), eq(c.granted, true)),
      )
      .returning({ id: c.id });
    if (closed.length === 0) return;
    let closure: number | null = null;
    if (NECESSARY_PURPOSES.includes(purpose)) {
      await tx
        .update(members)
        .set({ status: 'blocked', statusReason: 'Consent withdrawn', updatedAt: sql`now()` })
        .where(eq(members.id, memberId));
      const [row] = await tx
        .insert(privacyRequests)
        .values({
          memberId,
          kind: 'closure',
          details: `Consent withdrawn: ${purpose}`,
          dueAt: sql`now() + make_interval(days => ${PRIVACY_REQUEST_DAYS})`,
        })
        .returning({ id: privacyRequests.id });
      closure = row!.id;
    }
    await audit(tx, memberActor(memberId), {
      action: 'privacy.withdraw',
      entity: 'members',
      entityId: memberId,
      after: { purpose, closureRequest: closure },
    });
  });
  return consentStateOf(app.database.db, memberId);
}
