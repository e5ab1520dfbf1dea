import type { RegisterBody } from '@app/contract/member-app';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members } from '../../db/schema/members';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { openFirstLink } from '../channel';
import { consumeOtp, createMemberSession } from '../member-auth';
import { approvedDealerCode, byMobile, byReferralCode, createMember, findMemberBy } from '../members';
import { recordConsent } from '../privacy';
import { currentTermsVersion, profileOf } from './member-profile';

export { currentTermsVersion, profileOf };

/**
 * Signs in a registered member with a one-time code. The code is checked first, for every mobile
 * alike, so a wrong code gets one answer (and the same work) whether or not the mobile is a member's:
 * the sign-in cannot be used to learn who is registered. Only the right code, which proves the caller
 * holds the phone, learns that the mobile is not registered; that code stays valid for registration.
 */
export async function login(app: FastifyInstance, mobile: string, code: string, address: string) {
  const { db } = app.database;
  const member = await findMemberBy(db, byMobile(mobile));
  await consumeOtp(app, mobile, code, address, { keep: !member });
  if (!member) throw new AppError(404, 'not_registered', 'No member has this mobile number; register first');
  return db.transaction(async (tx) => ({
    token: await createMemberSession(tx, member.id),
    member: await profileOf(tx, member.id),
  }));
}

/** Registers a member (status pending) and signs them in. Replays by Idempotency-Key per mobile. */
export async function register(
  app: FastifyInstance,
  body: RegisterBody,
  ctx: IdempotencyContext,
  address: string,
) {
  const { db } = app.database;
  const taken = () =>
    conflict('This mobile number is already registered; sign in instead', { mobile: 'Already registered' });
  const referrer = body.referralCode ? await findMemberBy(db, byReferralCode(body.referralCode)) : undefined;
  if (body.referralCode && !referrer) throw fieldError('referralCode', 'No member has this referral code');
  const dealer = body.dealerCode ? await findMemberBy(db, approvedDealerCode(body.dealerCode)) : undefined;
  if (body.dealerCode && !dealer) throw fieldError('dealerCode', 'No approved dealer has this code');

  return idempotent(
    app,
    ctx,
    async (tx) => {
      const { consent, ...details } = body;
      const id = await createMember(tx, {
        ...details,
        dealerId: dealer?.id ?? null,
        referredBy: referrer?.id ?? null,
      });
      if (id === undefined) throw taken();
      await recordConsent(tx, id, consent, 'app');
      if (dealer) await openFirstLink(tx, id, dealer.id);
      return { token: await createMemberSession(tx, id), member: await profileOf(tx, id) };
    },
    async () => {
      if (await findMemberBy(db, byMobile(body.mobile))) throw taken();
      await consumeOtp(app, body.mobile, body.code, address);
    },
  );
}

export async function acceptTerms(
  app: FastifyInstance,
  memberId: number,
  version: string,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx) => {
    const current = await currentTermsVersion(tx);
    if (version !== current)
      throw fieldError('version', `The current terms version is ${current ?? 'not published yet'}`);
    await tx
      .update(members)
      .set({ termsVersion: version, termsAcceptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(members.id, memberId));
    return profileOf(tx, memberId);
  });
}
