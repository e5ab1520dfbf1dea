import { type ReportSource, reportOf } from '../../lib/lists/report';
import { dispatchReportList } from './courier-redemptions.repository';

/** The courier dispatch report type: gifts dispatched in the range, by dispatch day. */
export const COURIER_REPORT_SOURCES: Record<'courier_dispatch', ReportSource> = {
  courier_dispatch: reportOf(dispatchReportList, 'dispatchedOn'),
};
