import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@app/contract/member-app';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberOtps, members } from '../../db/schema/members';
import { AppError } from '../../lib/errors';
import { keyedHash } from '../../lib/field-crypto';
import { queueMessage, secondsFromNow } from '../messages';

const codeHash = (app: FastifyInstance, mobile: string, code: string) =>
  keyedHash(app.config.encryptionKey, `otp:${mobile}:${code}`);

/** During a key rotation a code hashed by an instance still on the previous key also counts. */
const codeMatches = (app: FastifyInstance, mobile: string, code: string, stored: string) =>
  [app.config.encryptionKey, app.config.previousEncryptionKey].some(
    (key) =>
      key && timingSafeEqual(Buffer.from(stored), Buffer.from(keyedHash(key, `otp:${mobile}:${code}`))),
  );

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'otp_throttled', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * Sends a new six-digit code (PRODUCT.md §3.5): valid 5 minutes, 5 tries; a new one at most every
 * 30 seconds and 6 an hour per mobile. The newest code replaces any earlier one.
 */
export async function requestOtp(app: FastifyInstance, mobile: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.database.db.transaction(async (tx) => {
    // Serialises requests for one mobile so two at once cannot both pass the throttle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
    const [last] = await tx
      .select({
        wait: sql<number>`ceil(extract(epoch from ${memberOtps.sentAt} + make_interval(secs => ${OTP_RULES.resendAfterSeconds}) - now()))::int`,
      })
      .from(memberOtps)
      .where(eq(memberOtps.mobile, mobile))
      .orderBy(desc(memberOtps.id))
      .limit(1);
    if (last && last.wait > 0)
      throw tooMany(`Wait ${last.wait} seconds before asking for a new code`, last.wait);
    const [hour] = await tx
      .select({ n: count() })
      .from(memberOtps)
      .where(and(eq(memberOtps.mobile, mobile), gt(memberOtps.sentAt, sql`now() - interval '1 hour'`)));
    if (Number(hour?.n) >= OTP_RULES.maxPerHour)
      throw tooMany('Too many codes requested; try again in an hour', 3600);
    const [otp] = await tx
      .insert(memberOtps)
      .values({
        mobile,
        codeHash: codeHash(app, mobile, code),
        expiresAt: sql`now() + make_interval(secs => ${OTP_RULES.expirySeconds})`,
      })
      .returning({ id: memberOtps.id });
    // Queued with the code (the code is encrypted in the outbox); sent by the outbox worker after
    // commit, ahead of every other message, and never after the code has expired.
    const [member] = await tx
      .select({ id: members.id, language: members.language })
      .from(members)
      .where(eq(members.mobile, mobile));
    await queueMessage(app, tx, {
      channel: 'sms',
      templateKey: 'otp',
      to: mobile,
      memberId: member?.id ?? null,
      language: member?.language === 'hi' ? 'hi' : 'en',
      variables: { code, minutes: OTP_RULES.expirySeconds / 60 },
      cause: { kind: 'member_otp', id: otp!.id },
      expiresAt: secondsFromNow(OTP_RULES.expirySeconds),
    });
  });
  app.outbox.nudge();
  return { expiresInSeconds: OTP_RULES.expirySeconds, resendAfterSeconds: OTP_RULES.resendAfterSeconds };
}

type Outcome = 'ok' | 'none' | 'expired' | 'locked' | { wrong: number };

/**
 * Checks and uses up the newest code of a mobile. Wrong tries are counted even though it throws.
 * `keep` checks a right code without using it up (it stays valid for the next step).
 */
export async function consumeOtp(
  app: FastifyInstance,
  mobile: string,
  code: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  const outcome = await app.database.db.transaction(async (tx): Promise<Outcome> => {
    const [otp] = await tx
      .select({
        id: memberOtps.id,
        codeHash: memberOtps.codeHash,
        attempts: memberOtps.attempts,
        consumed: sql<boolean>`${memberOtps.consumedAt} is not null`,
        expired: sql<boolean>`${memberOtps.expiresAt} <= now()`,
      })
      .from(memberOtps)
      .where(eq(memberOtps.mobile, mobile))
      .orderBy(desc(memberOtps.id))
      .limit(1)
      .for('update');
    if (!otp || otp.consumed) return 'none';
    if (otp.expired) return 'expired';
    if (otp.attempts >= OTP_RULES.maxTries) return 'locked';
    const match = codeMatches(app, mobile, code, otp.codeHash);
    if (match && keep) return 'ok';
    await tx
      .update(memberOtps)
      .set(match ? { consumedAt: sql`now()` } : { attempts: sql`${memberOtps.attempts} + 1` })
      .where(eq(memberOtps.id, otp.id));
    return match ? 'ok' : { wrong: OTP_RULES.maxTries - otp.attempts - 1 };
  });
  if (outcome === 'ok') return;
  const fail = (code: string, message: string) => new AppError(401, code, message, { code: message });
  if (outcome === 'none') throw fail('otp_missing', 'No code is waiting for this mobile; request a new one');
  if (outcome === 'expired') throw fail('otp_expired', 'The code has expired; request a new one');
  if (outcome === 'locked' || outcome.wrong === 0)
    throw fail('otp_locked', 'Too many wrong tries; request a new code');
  throw fail('otp_wrong', `Wrong code; ${outcome.wrong} ${outcome.wrong === 1 ? 'try' : 'tries'} left`);
}
