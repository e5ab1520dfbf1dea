import type { ReportKey } from '@app/contract/reports';
import type { ReportSource } from '../../lib/lists/report';
import { auditLogSource } from './sources/audit-log.source';
import { kycDecisionsSource } from './sources/kyc-decisions.source';
import { membersSource } from './sources/members.source';
import { pointsLedgerSource } from './sources/points-ledger.source';
import { signInActivitySource } from './sources/sign-in-activity.source';
import { staffSource } from './sources/staff.source';

/**
 * The reports whose rows are written as SQL here rather than served by a module's list. Every
 * other catalogue entry's source is contributed by its own module (lib/module-contribution.ts).
 */
export const REPORTS_MODULE_SOURCES: Partial<Record<ReportKey, ReportSource>> = {
  staff: staffSource,
  audit_log: auditLogSource,
  sign_in_activity: signInActivitySource,
  members: membersSource,
  kyc_decisions: kycDecisionsSource,
  points_ledger: pointsLedgerSource,
};
