import type { ReportKey } from '@app/contract/reports';
import { reportOf } from '../../lib/lists/report';
import { attendeeList } from '../content/events.routes';
import { COUPON_REPORT_SOURCES } from '../coupons/coupon-report-sources';
import { COURIER_REPORT_SOURCES } from '../courier-redemptions/courier-report-sources';
import { FIELD_REPORT_SOURCES } from '../employees/field-report-sources';
import { feedbackList } from '../feedback/feedback.repository';
import { GAME_REPORT_SOURCES } from '../games/games.report-sources';
import { GIFT_VOUCHER_REPORT_SOURCES } from '../gift-vouchers/gift-voucher-report-sources';
import { NOTIFICATION_REPORT_SOURCES } from '../notifications/notification-report-sources';
import { pointsExpiryReportSource } from '../points-expiry/points-expiry.report';
import { projectList } from '../projects/projects.repository';
import { REDEMPTION_REPORT_SOURCES } from '../redemptions/redemption-report-sources';
import { storesReportSource } from '../stores/stores-report-source';
import { reportColumns } from './report-columns';
import type { ReportSource } from './report-source';
import { auditLogSource } from './sources/audit-log.source';
import { kycDecisionsSource } from './sources/kyc-decisions.source';
import { membersSource } from './sources/members.source';
import { pointsLedgerSource } from './sources/points-ledger.source';
import { signInActivitySource } from './sources/sign-in-activity.source';
import { staffSource } from './sources/staff.source';

/**
 * The rows behind each catalogue entry (contract/reports.ts). A new report is one catalogue entry
 * plus one line here; the Record type makes a catalogue entry without a source a compile error.
 */
export const REPORT_SOURCES: Record<ReportKey, ReportSource> = {
  staff: staffSource,
  audit_log: auditLogSource,
  sign_in_activity: signInActivitySource,
  members: membersSource,
  kyc_decisions: kycDecisionsSource,
  points_ledger: pointsLedgerSource,
  points_expiry: pointsExpiryReportSource,
  ...COUPON_REPORT_SOURCES,
  ...GIFT_VOUCHER_REPORT_SOURCES,
  ...COURIER_REPORT_SOURCES,
  ...REDEMPTION_REPORT_SOURCES,
  projects: reportOf(projectList, 'createdAt', reportColumns('projects')),
  feedback: reportOf(feedbackList, 'createdAt', reportColumns('feedback')),
  ...GAME_REPORT_SOURCES,
  stores: storesReportSource,
  ...NOTIFICATION_REPORT_SOURCES,
  event_attendees: reportOf(attendeeList, 'registeredAt', reportColumns('event_attendees')),
  ...FIELD_REPORT_SOURCES,
};
