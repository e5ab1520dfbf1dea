import { REPORTS, type ReportColumn } from '@app/contract/reports';

/** The catalogue's columns of a report type. */
export function reportColumns(key: string): readonly ReportColumn[] {
  const report = (REPORTS as readonly { key: string; columns: readonly ReportColumn[] }[]).find(
    (r) => r.key === key,
  );
  if (!report) throw new Error(`report: ${key} is not in the catalogue`);
  return report.columns;
}
