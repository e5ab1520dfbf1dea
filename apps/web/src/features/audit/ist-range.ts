/**
 * Date filters pick IST calendar days; the API filters on instants (`from` inclusive, `to`
 * exclusive). These turn a picked day into the instant and back, so the URL keeps the instant and
 * the date inputs show the day. India has one offset and no daylight saving.
 */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

const day = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso);

/** A picked day → the instant its IST midnight is (the start of the day). */
export const dayStart = (date: string): string =>
  day(date) ? new Date(Date.parse(`${date}T00:00:00+05:30`)).toISOString() : '';

/** A picked day → the instant the next IST day starts (so the picked day is included). */
export const dayEnd = (date: string): string =>
  day(date) ? new Date(Date.parse(`${date}T00:00:00+05:30`) + DAY_MS).toISOString() : '';

const istDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

/** An inclusive start instant → the IST day it falls on. */
export const startDay = (instant: unknown): string => {
  const ms = typeof instant === 'string' ? Date.parse(instant) : Number.NaN;
  return Number.isNaN(ms) ? '' : istDate(ms);
};

/** An exclusive end instant → the last IST day it includes. */
export const endDay = (instant: unknown): string => {
  const ms = typeof instant === 'string' ? Date.parse(instant) : Number.NaN;
  return Number.isNaN(ms) ? '' : istDate(ms - 1);
};
