import {
  BANK_CHECK_MESSAGES,
  type BankCheck,
  type BankCheckStatus,
  NAME_MATCH_THRESHOLD,
  type UpiCheck,
} from '@app/contract/bank-verification';
import { eq } from 'drizzle-orm';
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

async function read(tx: Executor, kycId: number): Promise<BankCheck | null> {
  const [row] = await tx
    .select({
      kycId: k.id,
      status: k.bankCheckStatus,
      kycName: members.name,
      accountHolder: k.accountHolder,
      bankName: k.bankCheckName,
      score: k.bankCheckScore,
      checkedAt: isoText(k.bankCheckedAt),
      checkedBy: staff.name,
    })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .leftJoin(staff, eq(staff.id, k.bankCheckedBy))
    .where(eq(k.id, kycId));
  return row ? ({ ...row, status: row.status as BankCheckStatus } as BankCheck) : null;
}

export async function bankCheckOf(app: FastifyInstance, kycId: number): Promise<BankCheck> {
  const check = await read(app.database.db, kycId);
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
 * Verifies a KYC submission's bank account (or, while pending, asks for the result): the provider
 * is called outside any transaction, then the result is stored and audited in one.
 */
export async function verifyBank(app: FastifyInstance, actor: Actor, kycId: number): Promise<BankCheck> {
  const x = app.config.payouts.razorpayx;
  if (app.config.payouts.bankVerifier !== 'razorpayx' || !x)
    throw new AppError(409, 'not_configured', BANK_CHECK_MESSAGES.unavailable);
  const { db } = app.database;
  const [row] = await db
    .select({ sub: k, kycName: members.name, code: members.code })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .where(eq(k.id, kycId));
  if (!row) throw notFound('KYC submission');
  const timeout = app.config.payouts.timeoutMs;
  const validation =
    row.sub.bankCheckStatus === 'pending' && row.sub.bankCheckId
      ? await razorpayxCall<Validation>(x, timeout, `/fund_accounts/validations/${row.sub.bankCheckId}`, {
          method: 'GET',
        })
      : await razorpayxCall<Validation>(x, timeout, '/fund_accounts/validations', {
          method: 'POST',
          body: JSON.stringify({
            account_number: x.accountNumber,
            fund_account: {
              account_type: 'bank_account',
              bank_account: {
                name: row.sub.accountHolder,
                ifsc: row.sub.ifsc,
                account_number: decryptText(app.config, row.sub.accountCipher),
              },
              contact: { name: row.kycName, type: 'customer', reference_id: row.code },
            },
            amount: 100,
            currency: 'INR',
            notes: { kyc: String(kycId) },
          }),
        });
  const verdict = judge(validation, row.kycName);
  return db.transaction(async (tx) => {
    await tx
      .update(k)
      .set({
        bankCheckStatus: verdict.status,
        bankCheckId: validation.id,
        bankCheckName: verdict.name,
        bankCheckScore: verdict.score,
        bankCheckedAt: new Date(),
        bankCheckedBy: actor.id,
      })
      .where(eq(k.id, kycId));
    await audit(tx, actor, {
      action: 'kyc.bank_verified',
      entity: 'kyc',
      entityId: kycId,
      before: { status: row.sub.bankCheckStatus },
      after: {
        status: verdict.status,
        bankName: verdict.name,
        score: verdict.score,
        validation: validation.id,
      },
    });
    return (await read(tx, kycId))!;
  });
}

async function readUpi(tx: Executor, kycId: number): Promise<UpiCheck | null> {
  const [row] = await tx
    .select({
      kycId: k.id,
      status: k.upiCheckStatus,
      kycName: members.name,
      upiId: k.upiId,
      registeredName: k.upiCheckName,
      score: k.upiCheckScore,
      checkedAt: isoText(k.upiCheckedAt),
      checkedBy: staff.name,
    })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .leftJoin(staff, eq(staff.id, k.upiCheckedBy))
    .where(eq(k.id, kycId));
  return row ? ({ ...row, status: row.status as BankCheckStatus } as UpiCheck) : null;
}

export async function upiCheckOf(app: FastifyInstance, kycId: number): Promise<UpiCheck> {
  const check = await readUpi(app.database.db, kycId);
  if (!check) throw notFound('KYC submission');
  return check;
}

/**
 * Verifies a KYC submission's UPI id (RazorpayX fund account validation of a VPA: the name it is
 * registered to, scored against the KYC name), or asks again for a pending result. As for the bank
 * account: the provider is called outside any transaction, the result stored and audited in one.
 */
export async function verifyUpi(app: FastifyInstance, actor: Actor, kycId: number): Promise<UpiCheck> {
  const x = app.config.payouts.razorpayx;
  if (app.config.payouts.bankVerifier !== 'razorpayx' || !x)
    throw new AppError(409, 'not_configured', BANK_CHECK_MESSAGES.unavailable);
  const { db } = app.database;
  const [row] = await db
    .select({ sub: k, kycName: members.name, code: members.code })
    .from(k)
    .innerJoin(members, eq(members.id, k.memberId))
    .where(eq(k.id, kycId));
  if (!row) throw notFound('KYC submission');
  if (!row.sub.upiId) throw new AppError(409, 'no_upi', BANK_CHECK_MESSAGES.noUpi);
  const timeout = app.config.payouts.timeoutMs;
  const validation =
    row.sub.upiCheckStatus === 'pending' && row.sub.upiCheckId
      ? await razorpayxCall<Validation>(x, timeout, `/fund_accounts/validations/${row.sub.upiCheckId}`, {
          method: 'GET',
        })
      : await razorpayxCall<Validation>(x, timeout, '/fund_accounts/validations', {
          method: 'POST',
          body: JSON.stringify({
            account_number: x.accountNumber,
            fund_account: {
              account_type: 'vpa',
              vpa: { address: row.sub.upiId },
              contact: { name: row.kycName, type: 'customer', reference_id: row.code },
            },
            notes: { kyc: String(kycId) },
          }),
        });
  const verdict = judge(validation, row.kycName);
  return db.transaction(async (tx) => {
    await tx
      .update(k)
      .set({
        upiCheckStatus: verdict.status,
        upiCheckId: validation.id,
        upiCheckName: verdict.name,
        upiCheckScore: verdict.score,
        upiCheckedAt: new Date(),
        upiCheckedBy: actor.id,
      })
      .where(eq(k.id, kycId));
    await audit(tx, actor, {
      action: 'kyc.upi_verified',
      entity: 'kyc',
      entityId: kycId,
      before: { status: row.sub.upiCheckStatus },
      after: {
        status: verdict.status,
        upiId: row.sub.upiId,
        registeredName: verdict.name,
        score: verdict.score,
        validation: validation.id,
      },
    });
    return (await readUpi(tx, kycId))!;
  });
}
