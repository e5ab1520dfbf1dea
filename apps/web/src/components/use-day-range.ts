import { isCalendarDay, shiftDay, todayInIndia } from '@app/contract/format';
import { useSearchParams } from 'react-router-dom';

/**
 * A page's IST day range kept in the URL (`from`, `to`), never blank: without them in the URL it is
 * the last `days` days up to today (what the server uses then too), whether or not the page's data
 * has loaded; a cleared or half-typed day keeps the day it had.
 */
export function useDayRange(days = 30) {
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const day = (key: string) => {
    const value = params.get(key);
    return value && isCalendarDay(value) ? value : undefined;
  };
  const to = day('to') ?? today;
  const from = day('from') ?? shiftDay(to, 1 - days);
  /** Whether the URL names the range (otherwise the page asks the server for its default). */
  const chosen = Boolean(day('from') || day('to'));
  const setRange = (next: { from?: string; to?: string }) => {
    const merged = { from: next.from || from, to: next.to || to };
    const params_ = new URLSearchParams(params);
    params_.set('from', merged.from);
    params_.set('to', merged.to);
    setParams(params_);
  };
  return { from, to, chosen, setRange };
}
