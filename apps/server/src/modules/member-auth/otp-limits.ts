import { OTP_RULES } from '@app/contract/member-app';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OtpLimits } from '../../config';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { memberOtps as o } from '../../db/schema/members';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';

/**
 * How many one-time codes may be sent, counted in `member_otps` over the last hour so that every
 * instance sees the same numbers. Limits that a stranger could use to keep a member out are per
 * asking address (the mobile's own hourly count and resend wait, the address's count); what stops
 * SMS pumping is the platform's budgets: in all, to non-members (tighter), and per number range.
 */
export const PREFIX_DIGITS = 5;

export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'otp_throttled', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** A platform budget is spent: the request is refused and, once an hour per budget, staff are alerted. */
export class OtpBudgetReached extends AppError {
  constructor(readonly budget: string) {
    super(429, 'otp_throttled', 'Codes cannot be sent just now; try again in a few minutes', undefined, {
      'retry-after': '300',
    });
  }
}

interface Request {
  mobile: string;
  address: string;
  toMember: boolean;
}

async function lastHour(tx: Executor, { mobile, address }: Request) {
  const pair = sql`${o.mobile} = ${mobile} and ${o.requestedFrom} = ${address}`;
  const n = (filter: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
  const [row] = await tx
    .select({
      pairWait: sql<
        number | null
      >`ceil(extract(epoch from max(${o.sentAt}) filter (where ${pair}) + make_interval(secs => ${OTP_RULES.resendAfterSeconds}) - now()))::int`,
      pair: n(pair),
      address: n(sql`${o.requestedFrom} = ${address}`),
      addressNonMember: n(sql`${o.requestedFrom} = ${address} and not ${o.toMember}`),
      all: sql<number>`count(*)`.mapWith(Number),
      nonMember: n(sql`not ${o.toMember}`),
      prefix: n(sql`left(${o.mobile}, ${PREFIX_DIGITS}) = left(${mobile}, ${PREFIX_DIGITS})`),
    })
    .from(o)
    .where(gt(o.sentAt, sql`now() - interval '1 hour'`));
  return row!;
}

/** Refuses (429) a code that a limit or budget does not allow; the caller holds the budgets' lock. */
export async function assertCodeAllowed(tx: Executor, limits: OtpLimits, request: Request): Promise<void> {
  const c = await lastHour(tx, request);
  if (c.pairWait !== null && c.pairWait > 0)
    throw tooMany(`Wait ${c.pairWait} seconds before asking for a new code`, c.pairWait);
  if (c.pair >= OTP_RULES.maxPerHour) throw tooMany('Too many codes requested; try again in an hour', 3600);
  const addressFull =
    c.address >= limits.addressHourly ||
    (!request.toMember && c.addressNonMember >= limits.addressNonMemberHourly);
  if (addressFull) throw tooMany('Too many codes requested from this network; try again in an hour', 3600);
  if (c.all >= limits.hourlyBudget) throw new OtpBudgetReached('all');
  if (!request.toMember && c.nonMember >= limits.nonMemberHourlyBudget)
    throw new OtpBudgetReached('non-members');
  if (c.prefix >= limits.prefixHourlyBudget)
    throw new OtpBudgetReached(`prefix:${request.mobile.slice(0, PREFIX_DIGITS)}`);
}

/**
 * A spent budget: a warning in the log at every refusal, and an audit entry (what staff follow) once an
 * hour per budget, written on its own since the refused request's transaction is rolled back.
 */
export async function alertBudgetReached(app: FastifyInstance, budget: string, address: string) {
  app.log.warn({ budget, address }, 'one-time codes: an hourly budget is spent, requests are refused');
  await app.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-alert:${budget}`}))`);
    const [recent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'member_otp'),
          eq(auditLog.entityId, budget),
          eq(auditLog.action, 'member_otp.budget_reached'),
          gt(auditLog.at, sql`now() - interval '1 hour'`),
        ),
      )
      .limit(1);
    if (recent) return;
    await audit(
      tx,
      { id: null, role: null, requestId: null },
      { action: 'member_otp.budget_reached', entity: 'member_otp', entityId: budget, after: { address } },
    );
  });
}
