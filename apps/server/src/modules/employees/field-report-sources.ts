import { type ReportSource, reportOf } from '../../lib/lists/report';
import { employeeList } from './employees.repository';
import { visitList } from './visits.repository';

/** The field force's report types, each served by its page's list declaration. */
export const FIELD_REPORT_SOURCES: Record<'employees' | 'bde_activity', ReportSource> = {
  employees: reportOf(employeeList, 'createdAt'),
  bde_activity: reportOf(visitList, 'checkInAt'),
};
