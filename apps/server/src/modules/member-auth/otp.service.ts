import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@app/contract/member-app';
import { asMessageLanguage, type MessageLanguage } from '@app/contract/messages';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberOtps, members } from '../../db/schema/members';
import { signInThrottles } from '../../db/schema/staff';
import { AppError } from '../../lib/errors';
import { keyedHash } from '../../lib/field-crypto';
import { countFailure, isLocked } from '../../lib/sign-in-throttle';
import { queueMessage, secondsFromNow } from '../messages';
import { alertBudgetReached, assertCodeAllowed, OtpBudgetReached, tooMany } from './otp-limits';

const codeHash = (app: FastifyInstance, mobile: string, code: string) =>
  keyedHash(app.config.encryptionKey, `otp:${mobile}:${code}`);

/** During a key rotation a code hashed by an instance still on the previous key also counts. */
const codeMatches = (app: FastifyInstance, mobile: string, code: string, stored: string) =>
  [app.config.encryptionKey, app.config.previousEncryptionKey].some(
    (key) =>
      key && timingSafeEqual(Buffer.from(stored), Buffer.from(keyedHash(key, `otp:${mobile}:${code}`))),
  );

/**
 * Sends a new six-digit code (PRODUCT.md §3.5): valid 5 minutes. Each asking address gets a new one
 * for a mobile at most every 30 seconds and 6 an hour; the platform's budgets (otp-limits) cap the rest.
 * Earlier codes stay valid until they expire: a code someone else asked for replaces none of the member's.
 */
export async function requestOtp(
  app: FastifyInstance,
  { mobile, language }: { mobile: string; language?: MessageLanguage },
  address: string,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  try {
    await app.database.db.transaction(async (tx) => {
      // One request at a time across instances: the counts are checked and spent together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member-otp-budgets'))`);
      const [member] = await tx
        .select({ id: members.id, language: members.language })
        .from(members)
        .where(eq(members.mobile, mobile));
      await assertCodeAllowed(tx, app.config.otpLimits, { mobile, address, toMember: member !== undefined });
      const [otp] = await tx
        .insert(memberOtps)
        .values({
          mobile,
          codeHash: codeHash(app, mobile, code),
          expiresAt: sql`now() + make_interval(secs => ${OTP_RULES.expirySeconds})`,
          requestedFrom: address,
          toMember: member !== undefined,
        })
        .returning({ id: memberOtps.id });
      // Queued with the code (the code is encrypted in the outbox); sent by the outbox worker after
      // commit, ahead of every other message, and never after the code has expired.
      await queueMessage(app, tx, {
        channel: 'sms',
        templateKey: 'otp',
        to: mobile,
        memberId: member?.id ?? null,
        // The screen's language first: the member reads the code on the phone they chose it on.
        language: language ?? asMessageLanguage(member?.language),
        variables: { code, minutes: OTP_RULES.expirySeconds / 60 },
        cause: { kind: 'member_otp', id: otp!.id },
        expiresAt: secondsFromNow(OTP_RULES.expirySeconds),
      });
    });
  } catch (error) {
    if (error instanceof OtpBudgetReached) await alertBudgetReached(app, error.budget, address);
    throw error;
  }
  app.outbox.nudge();
  return { expiresInSeconds: OTP_RULES.expirySeconds, resendAfterSeconds: OTP_RULES.resendAfterSeconds };
}

/**
 * Wrong codes are counted where the guesser is, never against the mobile alone: per code and asking
 * address (OTP_RULES.maxTries each, so a guesser elsewhere leaves the member's own tries alone), and per
 * address across all mobiles (OTP_ADDRESS_WRONG_CODES an hour, then held). Both in `sign_in_throttles`.
 */
const ADDRESS_SUBJECT = 'member-otp:*';
const codeSubject = (otpId: number) => `member-otp:${otpId}`;
/** Codes of one mobile looked at: more than were sent in their lifetime from a few addresses. */
const LIVE_CODES = 20;

type Outcome = 'ok' | 'none' | 'expired' | 'locked' | { held: Date } | { wrong: number };

/**
 * Checks a code against the mobile's live codes and uses up the one it matches. Wrong tries are
 * counted even though it throws. `keep` checks a right code without using it up (it stays valid for
 * the next step).
 */
export async function consumeOtp(
  app: FastifyInstance,
  mobile: string,
  code: string,
  address: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  const limit = app.config.otpLimits.addressWrongCodes;
  const outcome = await app.database.db.transaction(async (tx): Promise<Outcome> => {
    const [hold] = await tx
      .select({ lockedUntil: signInThrottles.lockedUntil })
      .from(signInThrottles)
      .where(and(eq(signInThrottles.subject, ADDRESS_SUBJECT), eq(signInThrottles.address, address)));
    if (isLocked(hold?.lockedUntil)) return { held: hold.lockedUntil };
    const codes = await tx
      .select({
        id: memberOtps.id,
        codeHash: memberOtps.codeHash,
        requestedFrom: memberOtps.requestedFrom,
        consumed: sql<boolean>`${memberOtps.consumedAt} is not null`,
        expired: sql<boolean>`${memberOtps.expiresAt} <= now()`,
      })
      .from(memberOtps)
      .where(eq(memberOtps.mobile, mobile))
      .orderBy(desc(memberOtps.id))
      .limit(LIVE_CODES)
      .for('update');
    // A new code replaces the earlier ones asked for from the same address only.
    const newest = new Map(codes.map((c) => [c.requestedFrom, c.id] as const).reverse());
    const live = codes.filter((c) => !c.consumed && !c.expired && newest.get(c.requestedFrom) === c.id);
    if (live.length === 0) return !codes[0] || codes[0].consumed ? 'none' : 'expired';
    const tries = await tx
      .select({ subject: signInThrottles.subject, failures: signInThrottles.failures })
      .from(signInThrottles)
      .where(
        and(
          inArray(
            signInThrottles.subject,
            live.map((c) => codeSubject(c.id)),
          ),
          eq(signInThrottles.address, address),
        ),
      );
    const triesOf = (id: number) => tries.find((t) => t.subject === codeSubject(id))?.failures ?? 0;
    const open = live.filter((c) => triesOf(c.id) < OTP_RULES.maxTries);
    if (open.length === 0) return 'locked';
    const match = open.find((c) => codeMatches(app, mobile, code, c.codeHash));
    if (match) {
      if (!keep)
        await tx.update(memberOtps).set({ consumedAt: sql`now()` }).where(eq(memberOtps.id, match.id));
      return 'ok';
    }
    // Only the count matters per code (a spent code is simply not tried); the code expires long before its window.
    const rule = { limit: OTP_RULES.maxTries, base: 5, max: 5, window: '1 hour' };
    for (const c of open) await countFailure(tx, codeSubject(c.id), address, rule);
    await tx
      .update(memberOtps)
      .set({ attempts: sql`${memberOtps.attempts} + 1` })
      .where(
        inArray(
          memberOtps.id,
          open.map((c) => c.id),
        ),
      );
    await countFailure(tx, ADDRESS_SUBJECT, address, { limit, base: 60, max: 24 * 60, window: '1 hour' });
    return { wrong: OTP_RULES.maxTries - triesOf(open[0]!.id) - 1 };
  });
  if (outcome === 'ok') return;
  const fail = (code: string, message: string) => new AppError(401, code, message, { code: message });
  if (outcome === 'none') throw fail('otp_missing', 'No code is waiting for this mobile; request a new one');
  if (outcome === 'expired') throw fail('otp_expired', 'The code has expired; request a new one');
  if (outcome !== 'locked' && 'held' in outcome) {
    const seconds = Math.max(1, Math.ceil((outcome.held.getTime() - Date.now()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw tooMany(
      `Too many wrong codes from this network; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      seconds,
    );
  }
  if (outcome === 'locked' || outcome.wrong === 0)
    throw fail('otp_locked', 'Too many wrong tries; request a new code');
  throw fail('otp_wrong', `Wrong code; ${outcome.wrong} ${outcome.wrong === 1 ? 'try' : 'tries'} left`);
}
