import {
  FRAUD_RULE_MESSAGES,
  type FraudRulesBody,
  type FraudRulesRow,
  KYC_DUPLICATE_LABELS,
  type KycDuplicate,
} from '@app/contract/fraud-rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { keyedHash } from '../../lib/field-crypto';
import { settingService } from '../../lib/settings';
import * as repo from './fraud-rules.repository';

export const FRAUD_RULES_ENTITY = 'fraud_rules';

/**
 * Fraud rules on the setting kit: requested, then approved or rejected by someone else (the requester
 * cannot decide; a rejection needs a reason). The audit records every rule field (`RULE_COLUMNS`).
 */
const rules = settingService<FraudRulesRow, FraudRulesBody, repo.RuleValues>({
  repository: repo.rulesSetting,
  auditEntity: FRAUD_RULES_ENTITY,
  auditAction: 'fraud_rules',
  noun: 'Fraud rules',
  messages: { pastDate: FRAUD_RULE_MESSAGES.pastDate, makerChecker: FRAUD_RULE_MESSAGES.makerChecker },
  decided: (status) => `These rules are already ${status}`,
  values: (body) => {
    const values = Object.fromEntries(
      repo.RULE_COLUMNS.map((c) => [c.key, body[c.key] ?? null]),
    ) as repo.RuleValues;
    // An action or a window without its number is off with it.
    if (!body.scansPerHour) values.scansPerHourAction = null;
    if (!body.invalidCodeAttempts) {
      values.invalidCodeWindowMinutes = null;
      values.invalidCodeLockMinutes = null;
    }
    // The cluster rule's window, action and radius are kept only with a rule that uses them.
    const clusterOn = body.deviceClusterMembers != null || body.locationClusterMembers != null;
    if (body.locationClusterMembers == null) values.clusterRadiusMetres = null;
    if (!clusterOn) {
      values.clusterWindowHours = null;
      values.clusterAction = null;
    }
    return values;
  },
  snapshot: (row) => Object.fromEntries(repo.RULE_COLUMNS.map((c) => [c.key, row[c.key]])),
});

export const listRules = rules.list;
/** A change of fraud rules, requested: it applies to nothing until someone else approves it. */
export const requestRules = rules.request;
/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
export const decideRules = rules.decide;

/**
 * The keyed hashes a KYC submission stores so that the same PAN or bank account on another member is
 * found without decrypting: the PAN in capitals; the account as its bank (the IFSC's first four
 * letters) and number.
 */
export function kycHashes(
  key: Uint8Array,
  details: { pan: string; ifsc: string; accountNumber: string; upiId?: string | null },
) {
  const upi = details.upiId?.trim().toLowerCase();
  return {
    upiHash: upi ? keyedHash(key, `upi:${upi}`) : null,
    panHash: keyedHash(key, `pan:${details.pan.trim().toUpperCase()}`),
    accountHash: keyedHash(
      key,
      `account:${details.ifsc.trim().slice(0, 4).toUpperCase()}:${details.accountNumber.trim()}`,
    ),
  };
}

/** Other approved members with the same PAN or bank account as a submission, under the rules in force. */
export async function kycDuplicates(db: Executor, kycId: number): Promise<KycDuplicate[]> {
  const rules = await repo.rulesInForce(db);
  return repo.kycDuplicates(db, kycId, {
    pan: rules.samePanAction,
    account: rules.sameBankAction,
    upi: rules.sameUpiAction,
  });
}

const describe = (d: KycDuplicate) =>
  `the same ${KYC_DUPLICATE_LABELS[d.field]} as ${d.memberName ?? 'a member'} (${d.memberCode ?? `#${d.memberId}`})`;

/**
 * At KYC approval, in the approval's transaction: the fraud rules on the same PAN and the same bank
 * account. A match whose rule is `hold` or `refuse` refuses the approval (409 `kyc_duplicate`, naming
 * the other member to staff); `flag` matches are returned for the record. Concurrent approvals of two
 * members with the same details queue on a transaction lock per detail, so the later one sees the
 * earlier one approved.
 */
export async function checkKycDuplicates(tx: Executor, kycId: number): Promise<KycDuplicate[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('kyc-detail:' || h, 0))
    from (select pan_hash as h from kyc_submissions where id = ${kycId} and pan_hash is not null
      union select account_hash from kyc_submissions where id = ${kycId} and account_hash is not null
      union select upi_hash from kyc_submissions where id = ${kycId} and upi_hash is not null
      order by 1) hashes`);
  const found = await kycDuplicates(tx, kycId);
  const blocking = found.filter((d) => d.action !== 'flag');
  if (blocking.length > 0)
    throw new AppError(
      409,
      'kyc_duplicate',
      `This member has ${blocking.map(describe).join(', and ')}, whose KYC is approved`,
    );
  return found;
}
