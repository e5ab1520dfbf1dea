import { isCalendarDay, istDayEndIso, istDayOf, istDayStartIso } from '@app/contract/format';

/**
 * Date filters pick IST calendar days; the API filters on instants (`from` inclusive, `to`
 * exclusive). These turn a picked day into the instant and back, so the URL keeps the instant and
 * the date inputs show the day.
 */
const isDay = (value: unknown): value is string => typeof value === 'string' && isCalendarDay(value);
const instantMs = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** A picked day → the instant its IST midnight is (the start of the day). */
export const dayStart = (date: unknown): string => (isDay(date) ? istDayStartIso(date) : '');

/** A picked day → the instant the next IST day starts (so the picked day is included). */
export const dayEnd = (date: unknown): string => (isDay(date) ? istDayEndIso(date) : '');

/** An inclusive start instant → the IST day it falls on. */
export const startDay = (instant: unknown): string => {
  const ms = instantMs(instant);
  return Number.isNaN(ms) ? '' : istDayOf(new Date(ms));
};

/** An exclusive end instant → the last IST day it includes. */
export const endDay = (instant: unknown): string => {
  const ms = instantMs(instant);
  return Number.isNaN(ms) ? '' : istDayOf(new Date(ms - 1));
};
