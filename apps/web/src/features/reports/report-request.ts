import { todayInIndia } from '@app/contract/format';
import { type DownloadReportInput, downloadReportBody, XLSX_CONTENT_TYPE } from '@app/contract/reports';

export interface ReportRequestValues {
  reportType: string;
  startDate: string;
  endDate: string;
}

export type ReportFieldErrors = Partial<Record<keyof ReportRequestValues, string>>;

/** The form's field errors, by the same rules (and messages) the server applies; empty when valid. */
export function reportRequestErrors(values: ReportRequestValues): ReportFieldErrors {
  const parsed = downloadReportBody.safeParse(values);
  if (parsed.success) return {};
  const errors: ReportFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ReportRequestValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The shell spec's payload: reportType, startDate, endDate (plus `background` for use 2). */
export const requestBody = (values: ReportRequestValues, background: boolean): DownloadReportInput => ({
  reportType: values.reportType as DownloadReportInput['reportType'],
  startDate: values.startDate,
  endDate: values.endDate,
  ...(background ? { background: true } : {}),
});

/** Hands a downloaded spreadsheet to the browser as `<name>`, typed as xlsx. */
export function saveSpreadsheet(content: Blob, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: XLSX_CONTENT_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Where the form starts: this month so far in India, the first of the month to today. */
export const thisMonth = (today = todayInIndia()): Pick<ReportRequestValues, 'startDate' | 'endDate'> => ({
  startDate: `${today.slice(0, 8)}01`,
  endDate: today,
});
