import type { KycRejectReason } from '@app/contract/kyc';
import type { LedgerKind } from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { pointsAdjustments, pointsLedger } from '../db/schema/ledger';
import type { members } from '../db/schema/members';
import { kycHashes } from '../modules/fraud-rules';
import { BANKS, JOINING_POINTS, type seededRandom } from './member-demo-data';

/** A seeded member as the history needs it: its row and when it joined. */
export type DemoMember = typeof members.$inferInsert & { id: number; createdAt: Date };

const DAY = 86_400_000;

interface Context {
  rnd: ReturnType<typeof seededRandom>;
  now: number;
  staffId: (role: 'cs' | 'finance' | 'almond team' | 'admin') => number;
  documents: Record<'aadhaarFront' | 'aadhaarBack' | 'pan' | 'cheque', number>;
  encryptionKey: Buffer;
  encrypt: (key: Buffer, text: string) => string;
}

interface Cause {
  memberId: number;
  amount: number;
  kind: LedgerKind;
  reference: string;
  createdAt: Date;
  staffId: number | null;
  note: string | null;
}

const REJECT_REASONS: KycRejectReason[] = [
  'image_unclear',
  'aadhaar_not_masked',
  'name_mismatch',
  'bank_mismatch',
];

/** A moment in the past: demo history never lies after the seeding instant. */
const notAfter = (time: number, now: number) => new Date(Math.min(time, now - 60_000));

/**
 * The demo history in memory: ledger causes replayed in time order (a debit the balance cannot
 * cover is dropped, so every chain is valid), KYC submissions in every state, adjustments.
 */
export function seedDemoHistory(list: DemoMember[], c: Context) {
  const { rnd, now } = c;
  const causes: Cause[] = [];
  const kyc: (typeof kycSubmissions.$inferInsert)[] = [];
  const adjustments: (typeof pointsAdjustments.$inferInsert)[] = [];

  for (const m of list) {
    if (!m.approvedAt) continue;
    const start = m.approvedAt.getTime();
    const recent = start > now - 120 * DAY;
    const add = (
      amount: number,
      kind: LedgerKind,
      reference: string,
      when: Date,
      note: string | null = null,
      by: number | null = null,
    ) => causes.push({ memberId: m.id, amount, kind, reference, createdAt: when, staffId: by, note });
    const joining = JOINING_POINTS[m.type as keyof typeof JOINING_POINTS];
    add(
      recent ? joining : joining / 2,
      'joining',
      `joining:${m.id}`,
      m.approvedAt,
      'Joining points',
      c.staffId('cs'),
    );
    if (m.referredBy) {
      const late = new Date(start + 1000);
      causes.push({
        memberId: m.referredBy,
        amount: recent ? 100 : 50,
        kind: 'referral',
        reference: `referral:${m.id}:referrer`,
        createdAt: late,
        staffId: null,
        note: `Referred ${m.code}`,
      });
      add(recent ? 50 : 25, 'referral', `referral:${m.id}:referee`, late, 'Referral welcome points');
    }
    // No scan, scheme bonus or redemption entries here: scans are real scans of demo coupons
    // (coupon-activity.ts, through scan_coupon), and there are no redemptions to hold points for.
  }

  // Adjustment requests: pending (to decide), approved (posted) and rejected, requested by cs.
  const approvedMembers = list.filter((m) => m.status === 'approved');
  for (let id = 1; id <= 12; id++) {
    const m = approvedMembers[(id * 17) % approvedMembers.length]!;
    const status = id <= 6 ? 'pending' : id <= 10 ? 'approved' : 'rejected';
    const amount = rnd.pick([50, 100, 150, -20]);
    const requestedAt = new Date(now - rnd.int(1, 20) * DAY);
    const decidedAt = status === 'pending' ? null : new Date(requestedAt.getTime() + DAY);
    const reason = rnd.pick([
      'Scan failed but product was genuine',
      'Goodwill for delayed dispatch',
      'Duplicate credit correction',
    ]);
    adjustments.push({
      id,
      memberId: m.id,
      amount,
      reason,
      status,
      requestedBy: c.staffId('cs'),
      requestedAt,
      decidedBy: decidedAt ? c.staffId('almond team') : null,
      decidedAt,
    });
    if (status === 'approved')
      causes.push({
        memberId: m.id,
        amount,
        kind: 'adjustment',
        reference: `adjustment:${id}`,
        createdAt: decidedAt!,
        staffId: c.staffId('almond team'),
        note: reason,
      });
  }

  // Replay in time order: balances, balance_after, and debits only where the balance allows.
  causes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const balances = new Map<number, number>();
  const entries: (typeof pointsLedger.$inferInsert)[] = [];
  for (const cause of causes) {
    const after = (balances.get(cause.memberId) ?? 0) + cause.amount;
    if (after < 0) continue;
    balances.set(cause.memberId, after);
    entries.push({ ...cause, balanceAfter: after });
  }
  const posted = new Set(entries.map((e) => e.reference));
  for (const a of adjustments)
    if (a.status === 'approved' && !posted.has(`adjustment:${a.id}`)) a.status = 'rejected';

  for (const m of list) {
    if (m.kycStatus === 'none') continue;
    const submission = (status: string, submittedAt: Date) => {
      const bank = rnd.pick(BANKS);
      const pan = `${String.fromCharCode(...Array.from({ length: 5 }, () => rnd.int(65, 90)))}${rnd.int(1000, 9999)}${String.fromCharCode(rnd.int(65, 90))}`;
      const account = String(rnd.int(100_000, 999_999)) + String(rnd.int(100_000, 999_999));
      const decided = status !== 'submitted';
      const rejected = status === 'rejected';
      const row = {
        memberId: m.id,
        status,
        aadhaarLast4: String(rnd.int(1000, 9999)),
        aadhaarFrontFileId: c.documents.aadhaarFront,
        aadhaarBackFileId: c.documents.aadhaarBack,
        panCipher: c.encrypt(c.encryptionKey, pan),
        panLast4: pan.slice(-4),
        panFileId: c.documents.pan,
        accountHolder: m.name,
        accountCipher: c.encrypt(c.encryptionKey, account),
        accountLast4: account.slice(-4),
        ifsc: `${bank[1]}0${String(rnd.int(100_000, 999_999))}`,
        bankName: bank[0],
        chequeFileId: c.documents.cheque,
        upiId: rnd.next() < 0.5 ? `${m.mobile}@upi` : null,
        submittedAt,
        decidedBy: decided ? c.staffId(rnd.pick(['cs', 'finance'] as const)) : null,
        decidedAt: decided ? notAfter(submittedAt.getTime() + rnd.int(1, 3) * DAY, now) : null,
        reasonCode: rejected ? rnd.pick(REJECT_REASONS) : null,
        comment: rejected ? 'Please upload a clearer photo' : null,
      };
      // The keyed hashes the fraud rules match on (same PAN or bank account on another member).
      return {
        ...row,
        ...kycHashes(c.encryptionKey, { pan, ifsc: row.ifsc, accountNumber: account, upiId: row.upiId }),
      };
    };
    // Submitted after registration and before now; a decision after both (and still not future).
    const first = notAfter(m.createdAt.getTime() + DAY, now);
    if (m.kycStatus === 'approved' && rnd.next() < 0.3) kyc.push(submission('rejected', first));
    const latest =
      m.kycStatus === 'submitted'
        ? new Date(now - rnd.int(1, 20 * 24) * 3_600_000)
        : notAfter(first.getTime() + 5 * DAY, now);
    kyc.push(submission(m.kycStatus as string, latest));
  }
  kyc.sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime());
  // A few submissions are under review by finance right now, so the queue shows claims.
  for (const s of kyc.filter((s) => s.status === 'submitted').slice(-3))
    Object.assign(s, { claimedBy: c.staffId('finance'), claimedAt: new Date(now) });

  return {
    balances,
    async insert(db: Executor) {
      for (let i = 0; i < entries.length; i += 1000)
        await db.insert(pointsLedger).values(entries.slice(i, i + 1000));
      for (let i = 0; i < kyc.length; i += 200) await db.insert(kycSubmissions).values(kyc.slice(i, i + 200));
      await db.insert(pointsAdjustments).values(adjustments);
      await db.execute(
        sql`select setval(pg_get_serial_sequence('points_adjustments', 'id'), ${adjustments.length})`,
      );
      await db.execute(
        sql`update points_adjustments a set ledger_entry_id = l.id from points_ledger l where l.kind = 'adjustment' and l.reference = 'adjustment:' || a.id`,
      );
    },
  };
}
