/** The shape of a report catalogue entry (reports.ts), apart so each domain's catalogue can use it. */

export interface ReportColumn {
  header: string;
  key: string;
  /** Column width in characters. */
  width?: number;
}

export interface ReportDefinition {
  key: string;
  label: string;
  /** Page whose holders may run the report. */
  permission: string;
  /** What the start and end dates filter on, in words. */
  dateField: string;
  columns: readonly ReportColumn[];
}
