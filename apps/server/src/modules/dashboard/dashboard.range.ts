import { DASHBOARD_MAX_DAYS, type DashboardQuery } from '@app/contract/dashboard';
import { isCalendarDay, istDayEndIso, istDayStartIso, shiftDay, todayInIndia } from '@app/contract/format';
import type { DashboardRange } from '../../lib/dashboard/provider';
import { fieldError } from '../../lib/errors';

/** The last 30 days by default; a range must be real dates and at most a year long. */
export function resolveRange(query: DashboardQuery, now = new Date()): DashboardRange {
  const to = query.to ?? todayInIndia(now);
  const from = query.from ?? shiftDay(to, -29);
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDay(value)) throw fieldError(field, 'Not a calendar date');
  }
  if (from > to) throw fieldError('from', 'Start must not be after end');
  // Both are calendar days, parsed as UTC midnights: their difference is a whole number of days.
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > DASHBOARD_MAX_DAYS) throw fieldError('from', `Choose at most ${DASHBOARD_MAX_DAYS} days`);
  return { from, to, start: istDayStartIso(from), end: istDayEndIso(to) };
}
