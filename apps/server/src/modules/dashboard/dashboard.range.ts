import { DASHBOARD_MAX_DAYS, type DashboardQuery } from '@app/contract/dashboard';
import { fieldError } from '../../lib/errors';

/** A dashboard range: IST calendar days `from`…`to` and the UTC instants [start, end) they cover. */
export interface DashboardRange {
  from: string;
  to: string;
  /** ISO instants, start inclusive, end exclusive. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
// India has one offset and no daylight saving, so IST days are fixed 24-hour spans.
const IST_OFFSET_MS = 330 * 60_000;

const istToday = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const istMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+05:30`)).toISOString();

/** The last 30 days by default; a range must be real dates and at most a year long. */
export function resolveRange(query: DashboardQuery, now = new Date()): DashboardRange {
  const to = query.to ?? istToday(now);
  const from = query.from ?? addDays(to, -29);
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || addDays(value, 0) !== value)
      throw fieldError(field, 'Not a calendar date');
  }
  if (from > to) throw fieldError('from', 'Start must not be after end');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > DASHBOARD_MAX_DAYS) throw fieldError('from', `Choose at most ${DASHBOARD_MAX_DAYS} days`);
  return { from, to, start: istMidnight(from), end: istMidnight(addDays(to, 1)) };
}
