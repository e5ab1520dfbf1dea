import { todayInIndia } from '@app/contract/format';
import {
  FRAUD_RULE_MESSAGES,
  type FraudRulesBody,
  type FraudRulesRow,
  KYC_DUPLICATE_LABELS,
  type KycDuplicate,
} from '@app/contract/fraud-rules';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideOne } from '../../lib/decisions';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { keyedHash } from '../../lib/field-crypto';
import * as repo from './fraud-rules.repository';

export const FRAUD_RULES_ENTITY = 'fraud_rules';

type StaffActor = Actor & { id: number };

async function load(db: Executor, id: number): Promise<FraudRulesRow> {
  const row = await repo.findRules(db, id);
  if (!row) throw notFound('Fraud rules');
  return row;
}

export const listRules = (app: FastifyInstance) => repo.listRules(app.database.db);

const snapshot = (f: FraudRulesRow) => ({
  scansPerHour: f.scansPerHour,
  scansPerHourAction: f.scansPerHourAction,
  samePanAction: f.samePanAction,
  sameBankAction: f.sameBankAction,
  sameUpiAction: f.sameUpiAction,
  outsideStateAction: f.outsideStateAction,
  invalidCodeAttempts: f.invalidCodeAttempts,
  invalidCodeWindowMinutes: f.invalidCodeWindowMinutes,
  invalidCodeLockMinutes: f.invalidCodeLockMinutes,
  deviceClusterMembers: f.deviceClusterMembers,
  locationClusterMembers: f.locationClusterMembers,
  clusterRadiusMetres: f.clusterRadiusMetres,
  clusterWindowHours: f.clusterWindowHours,
  clusterAction: f.clusterAction,
  effectiveFrom: f.effectiveFrom,
  status: f.status,
  note: f.note,
});

/** The cluster rule's columns: the window, action and radius kept only with a rule that uses them. */
function clusterValues(body: FraudRulesBody) {
  const on = body.deviceClusterMembers != null || body.locationClusterMembers != null;
  return {
    deviceClusterMembers: body.deviceClusterMembers ?? null,
    locationClusterMembers: body.locationClusterMembers ?? null,
    clusterRadiusMetres: body.locationClusterMembers != null ? (body.clusterRadiusMetres ?? null) : null,
    clusterWindowHours: on ? (body.clusterWindowHours ?? null) : null,
    clusterAction: on ? (body.clusterAction ?? null) : null,
  };
}

/** A change of fraud rules, requested: it applies to nothing until someone else approves it. */
export async function requestRules(app: FastifyInstance, actor: StaffActor, body: FraudRulesBody) {
  if (body.effectiveFrom < todayInIndia()) throw fieldError('effectiveFrom', FRAUD_RULE_MESSAGES.pastDate);
  return app.database.db.transaction(async (tx) => {
    const id = await repo.insertRules(tx, {
      scansPerHour: body.scansPerHour ?? null,
      scansPerHourAction: body.scansPerHour ? (body.scansPerHourAction ?? null) : null,
      samePanAction: body.samePanAction ?? null,
      sameBankAction: body.sameBankAction ?? null,
      sameUpiAction: body.sameUpiAction ?? null,
      outsideStateAction: body.outsideStateAction ?? null,
      invalidCodeAttempts: body.invalidCodeAttempts ?? null,
      invalidCodeWindowMinutes: body.invalidCodeAttempts ? (body.invalidCodeWindowMinutes ?? null) : null,
      invalidCodeLockMinutes: body.invalidCodeAttempts ? (body.invalidCodeLockMinutes ?? null) : null,
      ...clusterValues(body),
      effectiveFrom: body.effectiveFrom,
      note: body.note ?? null,
      requestedBy: actor.id,
    });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'fraud_rules.requested',
      entity: FRAUD_RULES_ENTITY,
      entityId: id,
      after: snapshot(after),
    });
    return after;
  });
}

/** Maker-checker through the shared mechanism: the requester cannot decide; a rejection needs a reason. */
const rulesDecisions: DecisionFlow<repo.LockedRules> = {
  entity: 'Fraud rules',
  lock: (tx: Tx, id: number) => repo.lockRules(tx, id),
  wrongState: (f) => (f.status !== 'pending' ? `These rules are already ${f.status}` : null),
  makers: (f) => [f.requestedBy],
  makerMessage: FRAUD_RULE_MESSAGES.makerChecker,
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, { id }, { actor, result, reason }) {
    const before = await load(tx, id);
    await repo.decideRules(tx, id, { status: result, by: actor.id!, reason });
    const after = await load(tx, id);
    return {
      action: result === 'approved' ? 'fraud_rules.approved' : 'fraud_rules.rejected',
      entity: FRAUD_RULES_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(after), reason },
    };
  },
};

export const decideRules = (
  app: FastifyInstance,
  actor: StaffActor,
  id: number,
  result: 'approved' | 'rejected',
  reason: string | null,
) => decideOne(app, rulesDecisions, id, { actor, result, reason, input: undefined }, load);

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
