import { istDayStart } from '@app/contract/format';
import type { ReportRange } from '../../lib/lists/report';

/** The report range of the request's dates: start 00:00 IST to the day after end, 00:00 IST. */
export function rangeOfDays(startDate: string, endDate: string): ReportRange {
  const from = istDayStart(startDate);
  const to = istDayStart(endDate, 1);
  if (!from || !to) throw new Error('rangeOfDays: dates are checked by the route schema');
  return { from, to };
}
