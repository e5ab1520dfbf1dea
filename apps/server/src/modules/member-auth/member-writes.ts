import type { MemberStatus } from '@app/contract/members';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members } from '../../db/schema/members';
import { AppError, notFound } from '../../lib/errors';
import { currentTermsVersionSql } from '../member-app';

/**
 * Every member-app call that changes something is one of these business functions, declared on its
 * route (`config: memberWrite('feedback')`, plugins/access.ts): who may make it by the member's
 * standing, whether the current terms must be accepted first, and how often one member may make it
 * (PostgreSQL-held counters, lib/rate-limits, so the limit holds across instances). Start-up refuses
 * a member route that writes without a declaration, so a new one cannot forget the guard.
 *
 * The scan is the one function whose standing and rate are checked inside its own statement
 * (`scan_coupon`): every attempt, a refused one too, is recorded with its result
 * (`member_not_allowed`, `rate_limited`; PRODUCT.md §3.4), in the same single statement.
 */
export interface MemberWriteRule {
  /** The member statuses that may make the call; any other gets 403 `member_not_allowed`. */
  allow: readonly MemberStatus[];
  /** The current terms version must be accepted: else 403 `terms_not_accepted`. */
  terms?: boolean;
  /** At most `max` calls per member in a fixed window of `windowMinutes`; then 429 `rate_limited`. */
  limit?: { max: number; windowMinutes: number };
}
export type MemberWriteDeclaration = MemberWriteRule | { checkedInStatement: 'scan_coupon' };

const ANYONE: readonly MemberStatus[] = ['pending', 'approved', 'rejected', 'blocked'];
const APPROVED: readonly MemberStatus[] = ['approved'];
/** A pending member may complete what approval and redemption will need: KYC and its uploads. */
const APPLYING: readonly MemberStatus[] = ['pending', 'approved'];
const perHour = (max: number) => ({ max, windowMinutes: 60 });

export const MEMBER_WRITES = {
  scan: { checkedInStatement: 'scan_coupon' },
  // Points bound every redemption; the limit stops request-and-cancel floods in the approval queue.
  redeem: { allow: APPROVED, terms: true, limit: perHour(60) },
  cancelRedemption: { allow: APPROVED, limit: perHour(60) },
  registerForEvent: { allow: APPROVED, limit: perHour(30) },
  /** Freeing a seat is allowed to anyone who holds one: it gives capacity back. */
  cancelEventRegistration: { allow: ANYONE, limit: perHour(30) },
  /** A pending member may ask about the registration; a blocked or rejected one may not write. */
  feedback: { allow: APPLYING, limit: perHour(10) },
  registerProject: { allow: APPROVED, limit: perHour(10) },
  submitKyc: { allow: APPLYING, limit: perHour(10) },
  upload: { allow: APPLYING, limit: perHour(60) },
  /** Each game also has its own plays per day. */
  playGame: { allow: APPROVED, limit: perHour(100) },
  /** Marking one's own message read, accepting terms and signing out harm no one. */
  readInboxMessage: { allow: ANYONE, limit: perHour(600) },
  acceptTerms: { allow: ANYONE, limit: perHour(30) },
  /** An issued voucher stays its member's whatever their standing; each reveal is audited. */
  revealVoucher: { allow: ANYONE, limit: perHour(60) },
  /** The language messages reach the member in: their own setting, at any standing. */
  updateProfile: { allow: ANYONE, limit: perHour(30) },
  /** WhatsApp opt-in and muting promotions: the member's own choice, at any standing. */
  messagingSettings: { allow: ANYONE, limit: perHour(30) },
  /** Registering and removing push devices (each sign-in on a phone). */
  devices: { allow: ANYONE, limit: perHour(60) },
  /** The notice's consent and its withdrawal: the member's own choice at any standing (DPDP Act). */
  privacyConsent: { allow: ANYONE, limit: perHour(30) },
  /** Rights and grievances stay open to a blocked or rejected member too. */
  privacyRequest: { allow: ANYONE, limit: perHour(10) },
  /** Choosing or leaving one's dealer, and a dealer attaching a partner. */
  chooseDealer: { allow: APPROVED, limit: perHour(30) },
  logout: { allow: ANYONE },
} as const satisfies Record<string, MemberWriteDeclaration>;
export type MemberWrite = keyof typeof MEMBER_WRITES;

export const STANDING_MESSAGES: Record<MemberStatus, string> = {
  pending: 'Your registration is not approved yet',
  approved: '',
  rejected: 'Your registration was not approved',
  blocked: 'Your account is blocked; contact support',
};
export const termsMessage = (version: string) =>
  `Accept the current terms (version ${version}) first: POST /api/app/terms/accept`;

/**
 * The guard: the member's standing read fresh (the session principal may be cached, the status
 * must not be), refused by the route's rule. One statement: the status and the current terms.
 */
export async function checkStanding(app: FastifyInstance, memberId: number, rule: MemberWriteRule) {
  const [row] = await app.database.db
    .select({
      status: members.status,
      termsVersion: members.termsVersion,
      currentTerms: currentTermsVersionSql,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) throw notFound('Member');
  const status = row.status as MemberStatus;
  if (!rule.allow.includes(status)) throw new AppError(403, 'member_not_allowed', STANDING_MESSAGES[status]);
  if (rule.terms && row.currentTerms !== null && row.termsVersion !== row.currentTerms)
    throw new AppError(403, 'terms_not_accepted', termsMessage(row.currentTerms));
}

/** The rate-limit key of one member's calls of one function. */
export const memberLimitKey = (memberId: number | undefined) => `member:${memberId ?? 'unknown'}`;
