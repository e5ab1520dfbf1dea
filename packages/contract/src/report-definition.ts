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
  /**
   * The columns of a report computed by its own source. A report built on a list names none: its
   * columns are the list's, declared once with the list (label, format, width) on the server.
   */
  columns?: readonly ReportColumn[];
}
