import { createHash, randomBytes } from 'node:crypto';
import {
  type Enrolled,
  type Enrolment,
  type LoginResponse,
  SECOND_FACTOR_MESSAGES as M,
  type SecondFactorNeeded,
} from '@app/contract/auth';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client';
import { signInChallenges as ch, staff } from '../../db/schema/staff';
import { type Actor, audit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { decryptText, encryptText } from '../../lib/field-crypto';
import { hashToken, newToken } from '../../lib/tokens';
import {
  type Claimed,
  type Client,
  challengeGone,
  claimCheck,
  forgiveCodeFailures,
  recordWrongCode,
  refuseOtherAddress,
} from './second-factor-guard';

/**
 * The second factor of staff sign-in (ASVS 6.3.3): TOTP (RFC 6238, otplib) with one-time recovery
 * codes. After a right password, an account with TOTP, or whose role requires it, gets a short-lived
 * challenge instead of a session; the code (or enrolment) turns the challenge into the session.
 */
export const CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes one challenge takes before it is spent: second-factor-guard. */
export { CHALLENGE_ATTEMPTS } from './second-factor-guard';
export const RECOVERY_CODES = 10;
const ISSUER = 'Action Tesa';
/** One step either side: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Ten codes of ten letters and digits, grouped "xxxxx-xxxxx" (about 50 bits each). */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export async function openChallenge(
  tx: Executor,
  staffId: number,
  purpose: SecondFactorNeeded['secondFactor'],
  client: { ip: string; userAgent: string | null },
): Promise<SecondFactorNeeded> {
  const token = newToken();
  await tx.insert(ch).values({
    tokenHash: hashToken(token),
    staffId,
    purpose,
    ...client,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  });
  return { secondFactor: purpose, challenge: token, expiresInSeconds: CHALLENGE_SECONDS };
}

const gone = challengeGone;

/** The live challenge of a token, locked, with its staff account's TOTP state (slots: claimCheck). */
async function liveChallenge(tx: Executor, token: string) {
  const [row] = await tx
    .select({
      id: ch.id,
      staffId: ch.staffId,
      purpose: ch.purpose,
      pendingSecret: ch.pendingSecret,
      attempts: ch.attempts,
      ip: ch.ip,
      userAgent: ch.userAgent,
      totpSecret: staff.totpSecret,
      totpLastStep: staff.totpLastStep,
      email: staff.email,
      active: staff.active,
    })
    .from(ch)
    .innerJoin(staff, eq(staff.id, ch.staffId))
    .where(and(eq(ch.tokenHash, hashToken(token)), isNull(ch.usedAt), gt(ch.expiresAt, sql`now()`)))
    .for('update', { of: ch });
  if (!row?.active) throw gone();
  return row;
}

async function checkTotp(secret: string, code: string, afterTimeStep: number | null) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Takes a slot to check one code on a live challenge of `purpose`, from the address that gave the
 * password; refuses (401) otherwise. Returns the challenge with its slot.
 */
async function claim(app: FastifyInstance, token: string, purpose: string, client: Client) {
  const { c, claimed } = await app.database.db.transaction(async (tx) => {
    const c = await liveChallenge(tx, token);
    if (c.purpose !== purpose) throw gone();
    return { c, claimed: c.ip === client.ip ? await claimCheck(tx, c) : null };
  });
  if (c.ip !== client.ip) await refuseOtherAddress(app, c, client);
  if (!claimed) throw gone();
  return { ...c, claimed };
}

/** A wrong code: recorded (second-factor-guard) and answered as a field error. */
async function wrongCode(app: FastifyInstance, claimed: Claimed, client: Client): Promise<never> {
  await recordWrongCode(app, claimed, client);
  throw fieldError('code', M.codeWrong);
}

/** Opens the staff session a passed second step earns, in the caller's transaction (auth.service). */
type SessionOpener = (tx: Executor, staffId: number, client: Client) => Promise<LoginResponse>;

/**
 * The code step: a current TOTP code not used before, or an unused recovery code (then used up).
 * Returns the staff id to open the session for; the caller creates it in the same transaction.
 */
export async function passChallenge(
  app: FastifyInstance,
  token: string,
  code: string,
  client: Client,
  openSession: SessionOpener,
): Promise<LoginResponse> {
  const key = app.config.encryptionKey;
  const { db } = app.database;
  const peek = await claim(app, token, 'totp', client);
  if (!peek.totpSecret) throw gone();
  const step = await checkTotp(decryptText(key, peek.totpSecret), code, peek.totpLastStep);
  const outcome = await db.transaction(async (tx) => {
    const c = await liveChallenge(tx, token);
    const actor: Actor = { id: c.staffId, role: null, requestId: null };
    if (step !== null) {
      // Only a later step than the last one accepted: a code seen once cannot be replayed.
      const [taken] = await tx
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, c.staffId), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
        .returning({ id: staff.id });
      if (!taken) return null;
    } else {
      const [used] = await tx
        .update(staff)
        .set({ recoveryCodes: sql`array_remove(${staff.recoveryCodes}, ${sha256(code)})` })
        .where(and(eq(staff.id, c.staffId), sql`${sha256(code)} = any(${staff.recoveryCodes})`))
        .returning({ left: sql<number>`cardinality(${staff.recoveryCodes})`.mapWith(Number) });
      if (!used) return null;
      await audit(tx, actor, {
        action: 'staff.recovery_code_used',
        entity: 'staff',
        entityId: c.staffId,
        after: { left: used.left },
      });
    }
    await forgiveCodeFailures(tx, c.staffId);
    await tx.update(ch).set({ usedAt: sql`now()` }).where(eq(ch.id, c.id));
    return openSession(tx, c.staffId, { ip: c.ip ?? '', userAgent: c.userAgent });
  });
  return outcome ?? wrongCode(app, peek.claimed, client);
}

/** Enrolment, first half: a new secret for the challenge, as text, URI and QR code. */
export async function startEnrolment(
  app: FastifyInstance,
  token: string,
  client: Client,
): Promise<Enrolment> {
  const key = app.config.encryptionKey;
  const opened = await app.database.db.transaction((tx) => liveChallenge(tx, token));
  if (opened.ip !== client.ip) await refuseOtherAddress(app, opened, client);
  return app.database.db.transaction(async (tx) => {
    const c = await liveChallenge(tx, token);
    if (c.purpose !== 'enrol') throw gone();
    const secret = generateSecret();
    await tx
      .update(ch)
      .set({ pendingSecret: encryptText(key, secret) })
      .where(eq(ch.id, c.id));
    const otpauthUri = generateURI({ issuer: ISSUER, label: c.email, secret });
    return { secret, otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 }) };
  });
}

/** Enrolment, second half: a code from the new secret proves the app has it; recovery codes are made. */
export async function finishEnrolment(
  app: FastifyInstance,
  token: string,
  code: string,
  client: Client,
  openSession: SessionOpener,
): Promise<Enrolled> {
  const key = app.config.encryptionKey;
  const { db } = app.database;
  const peek = await claim(app, token, 'enrol', client);
  if (!peek.pendingSecret) throw gone();
  const step = await checkTotp(decryptText(key, peek.pendingSecret), code, null);
  if (step === null) return wrongCode(app, peek.claimed, client);
  const recoveryCodes = newRecoveryCodes();
  return db.transaction(async (tx) => {
    const c = await liveChallenge(tx, token);
    if (c.pendingSecret !== peek.pendingSecret) throw gone();
    await tx
      .update(staff)
      .set({
        totpSecret: c.pendingSecret,
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
        recoveryCodes: recoveryCodes.map(sha256),
        updatedAt: sql`now()`,
      })
      .where(eq(staff.id, c.staffId));
    await forgiveCodeFailures(tx, c.staffId);
    await tx.update(ch).set({ usedAt: sql`now()` }).where(eq(ch.id, c.id));
    await audit(
      tx,
      { id: c.staffId, role: null, requestId: null },
      {
        action: 'staff.second_factor_enrolled',
        entity: 'staff',
        entityId: c.staffId,
      },
    );
    return {
      ...(await openSession(tx, c.staffId, { ip: c.ip ?? '', userAgent: c.userAgent })),
      recoveryCodes,
    };
  });
}

/** An administrator clears a lost authenticator: the next sign-in enrols again if the role requires it. */
export async function clearSecondFactor(tx: Executor, staffId: number): Promise<boolean> {
  const [row] = await tx
    .update(staff)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      recoveryCodes: [],
      updatedAt: sql`now()`,
    })
    .where(and(eq(staff.id, staffId), sql`${staff.totpSecret} is not null`))
    .returning({ id: staff.id });
  await tx
    .update(ch)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ch.staffId, staffId), isNull(ch.usedAt)));
  await forgiveCodeFailures(tx, staffId);
  return row !== undefined;
}
