import {
  BANK_CHECK_MESSAGES,
  type BankCheck,
  NAME_MATCH_THRESHOLD,
  type UpiCheck,
} from '@app/contract/bank-verification';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { kycSubmissions as k } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { staff } from '../../db/schema/staff';
import { type Actor, audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { decryptText } from '../../lib/field-crypto';
import { isoText } from '../../lib/lists/sql';
import { razorpayxCall } from '../payouts';
import { nameMatchScore } from './name-match';

/**
 * RazorpayX fund account validation (penny drop), composite: `POST /fund_accounts/validations` with
 * the source account and the fund account inline; answers `fav_…` `created`, later `completed`
 * (`results.account_status` active | invalid, `results.registered_name`) or `failed`;
 * `GET /fund_accounts/validations/:id` reads it again.
 */
interface Validation {
  id: string;
  status: string;
  results?: { account_status?: string | null; registered_name?: string | null } | null;
  /** The newer API's name for `results` (answered by the composite validation of a VPA). */
  validation_results?: { account_status?: string | null; registered_name?: string | null } | null;
}

type Submission = typeof k.$inferSelect;
type Verdict = ReturnType<typeof judge>;

/** The columns one kind of check is stored in (kyc_submissions `bank_check_*` or `upi_check_*`). */
interface Stored {
  status: 'bankCheckStatus' | 'upiCheckStatus';
  id: 'bankCheckId' | 'upiCheckId';
  name: 'bankCheckName' | 'upiCheckName';
  score: 'bankCheckScore' | 'upiCheckScore';
  at: 'bankCheckedAt' | 'upiCheckedAt';
  by: 'bankCheckedBy' | 'upiCheckedBy';
}

/**
 * What is verified: the bank account (penny drop) or the UPI id (the VPA's registered name). Each
 * names its stored columns, what the page shows beside them, what the provider is asked and what the
 * audit entry says; the flow (call the provider outside any transaction, then store and audit in
 * one) is `verify` below.
 */
interface Target {
  stored: Stored;
  /** The check's own fields as the page reads them (contract BankCheck / UpiCheck). */
  shown: Record<string, AnyPgColumn>;
  /** The provider's request for a new validation, or a refusal (409) when nothing can be checked. */
  request: (app: FastifyInstance, sub: Submission, kycName: string, code: string) => Record<string, unknown>;
  audit: { action: string; after: (sub: Submission, verdict: Verdict) => Record<string, unknown> };
}

const contact = (kycName: string, code: string) => ({ name: kycName, type: 'customer', reference_id: code });

async function readCheck<Check>(tx: Executor, kycId: number, target: Target): Promise<Check | null> {
  const s = target.stored;
  const [row] = await tx
    .select({
      kycId: k.id,
      status: k[s.status],
      kycName: members.name,
      ...target.shown,
      score: k[s.score],
      checkedAt: isoText(k[s.at]),
      checkedBy: staff.name,
    })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .leftJoin(staff, eq(staff.id, k[s.by]))
    .where(eq(k.id, kycId));
  return (row as Check | undefined) ?? null;
}

const BANK: Target = {
  stored: {
    status: 'bankCheckStatus',
    id: 'bankCheckId',
    name: 'bankCheckName',
    score: 'bankCheckScore',
    at: 'bankCheckedAt',
    by: 'bankCheckedBy',
  },
  shown: { accountHolder: k.accountHolder, bankName: k.bankCheckName },
  request: (app, sub, kycName, code) => ({
    fund_account: {
      account_type: 'bank_account',
      bank_account: {
        name: sub.accountHolder,
        ifsc: sub.ifsc,
        account_number: decryptText(app.config, sub.accountCipher),
      },
      contact: contact(kycName, code),
    },
    amount: 100,
    currency: 'INR',
  }),
  audit: {
    action: 'kyc.bank_verified',
    after: (_sub, verdict) => ({ status: verdict.status, bankName: verdict.name, score: verdict.score }),
  },
};

const UPI: Target = {
  stored: {
    status: 'upiCheckStatus',
    id: 'upiCheckId',
    name: 'upiCheckName',
    score: 'upiCheckScore',
    at: 'upiCheckedAt',
    by: 'upiCheckedBy',
  },
  shown: { upiId: k.upiId, registeredName: k.upiCheckName },
  request: (_app, sub, kycName, code) => {
    if (!sub.upiId) throw new AppError(409, 'no_upi', BANK_CHECK_MESSAGES.noUpi);
    return {
      fund_account: { account_type: 'vpa', vpa: { address: sub.upiId }, contact: contact(kycName, code) },
    };
  },
  audit: {
    action: 'kyc.upi_verified',
    after: (sub, verdict) => ({
      status: verdict.status,
      upiId: sub.upiId,
      registeredName: verdict.name,
      score: verdict.score,
    }),
  },
};

async function checkOf<Check>(app: FastifyInstance, target: Target, kycId: number): Promise<Check> {
  const check = await readCheck<Check>(app.database.db, kycId, target);
  if (!check) throw notFound('KYC submission');
  return check;
}

/** The status a validation gives, with the bank's name and its score against the KYC name. */
function judge(v: Validation, kycName: string) {
  const results = v.results ?? v.validation_results;
  if (v.status === 'failed' || results?.account_status === 'invalid')
    return { status: 'failed' as const, name: results?.registered_name ?? null, score: null };
  if (v.status !== 'completed') return { status: 'pending' as const, name: null, score: null };
  const name = results?.registered_name ?? '';
  const score = nameMatchScore(name, kycName);
  return {
    status: score >= NAME_MATCH_THRESHOLD ? ('verified' as const) : ('mismatch' as const),
    name,
    score,
  };
}

/**
 * Verifies a KYC submission's bank account or UPI id (or, while pending, asks for the result): the
 * provider is called outside any transaction, then the result is stored and audited in one.
 */
async function verify<Check>(
  app: FastifyInstance,
  actor: Actor,
  kycId: number,
  target: Target,
): Promise<Check> {
  const x = app.config.payouts.razorpayx;
  if (app.config.payouts.bankVerifier !== 'razorpayx' || !x)
    throw new AppError(409, 'not_configured', BANK_CHECK_MESSAGES.unavailable);
  const { db } = app.database;
  const [row] = await db
    .select({
      sub: k,
      kycName: members.name,
      code: members.code,
      status: k[target.stored.status],
      checkId: k[target.stored.id],
    })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .where(eq(k.id, kycId));
  if (!row) throw notFound('KYC submission');
  const request = target.request(app, row.sub, row.kycName, row.code);
  const timeout = app.config.payouts.timeoutMs;
  const validation =
    row.status === 'pending' && row.checkId
      ? await razorpayxCall<Validation>(x, timeout, `/fund_accounts/validations/${row.checkId}`, {
          method: 'GET',
        })
      : await razorpayxCall<Validation>(x, timeout, '/fund_accounts/validations', {
          method: 'POST',
          body: JSON.stringify({
            account_number: x.accountNumber,
            ...request,
            notes: { kyc: String(kycId) },
          }),
        });
  const verdict = judge(validation, row.kycName);
  return db.transaction(async (tx) => {
    const s = target.stored;
    await tx
      .update(k)
      .set({
        [s.status]: verdict.status,
        [s.id]: validation.id,
        [s.name]: verdict.name,
        [s.score]: verdict.score,
        [s.at]: new Date(),
        [s.by]: actor.id,
      } as Partial<typeof k.$inferInsert>)
      .where(eq(k.id, kycId));
    await audit(tx, actor, {
      action: target.audit.action,
      entity: 'kyc',
      entityId: kycId,
      before: { status: row.status },
      after: { ...target.audit.after(row.sub, verdict), validation: validation.id },
    });
    return (await readCheck<Check>(tx, kycId, target))!;
  });
}

export const bankCheckOf = (app: FastifyInstance, kycId: number) => checkOf<BankCheck>(app, BANK, kycId);
export const upiCheckOf = (app: FastifyInstance, kycId: number) => checkOf<UpiCheck>(app, UPI, kycId);
export const verifyBank = (app: FastifyInstance, actor: Actor, kycId: number) =>
  verify<BankCheck>(app, actor, kycId, BANK);
export const verifyUpi = (app: FastifyInstance, actor: Actor, kycId: number) =>
  verify<UpiCheck>(app, actor, kycId, UPI);
