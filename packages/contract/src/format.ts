import { TZDate } from '@date-fns/tz';
import { addDays, format, isValid, parse } from 'date-fns';

/**
 * The one way dates and numbers are written for people (PRODUCT.md §2): times are stored in UTC and
 * shown in India's time zone, numbers use Indian digit grouping (1,25,900), money is kept in paise
 * and shown as rupees (₹22,361.75). Screens, exports and messages all use these.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const DAY = 'd MMM yyyy';
const DAY_TIME = 'd MMM yyyy, h:mm aaa';
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

type Moment = string | number | Date | null | undefined;

const inIndia = (value: Exclude<Moment, null | undefined>): TZDate | null => {
  const ms =
    typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime();
  const date = new TZDate(ms, INDIA_TIME_ZONE);
  return isValid(date) ? date : null;
};

/** `23 Nov 2026`. A calendar day (`2026-11-23`, e.g. an invoice date) is shown as it is; a moment in IST. */
export function formatDay(value: Moment): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const day = parse(value, 'yyyy-MM-dd', new Date());
    return isValid(day) ? format(day, DAY) : '';
  }
  const date = inIndia(value);
  return date ? format(date, DAY) : '';
}

/** `23 Nov 2026, 6:08 pm` in India's time zone. */
export function formatDateTime(value: Moment): string {
  if (value === null || value === undefined || value === '') return '';
  const date = inIndia(value);
  return date ? format(date, DAY_TIME) : '';
}

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** `1,25,900` (Indian grouping); empty for a missing value. */
export const formatCount = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : grouping.format(value);

/** Paise as rupees: 2236175 → `₹22,361.75`. */
export const formatRupees = (paise: number | null | undefined): string =>
  paise === null || paise === undefined || Number.isNaN(paise) ? '' : rupees.format(paise / 100);

/**
 * Today's calendar day in India (`yyyy-MM-dd`): the programme's day for expiry, effective dates,
 * day filters and "today" defaults.
 */
export const todayInIndia = (now: Date = new Date()): string =>
  format(new TZDate(now.getTime(), INDIA_TIME_ZONE), 'yyyy-MM-dd');

/** The calendar day `days` after (or before, when negative) `day`. */
export const shiftDay = (day: string, days: number): string =>
  format(addDays(parse(day, 'yyyy-MM-dd', new Date()), days), 'yyyy-MM-dd');

/** The instant an IST calendar day starts, as an ISO string (for "from" filters on timestamps). */
export const istDayStartIso = (day: string): string => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, INDIA_TIME_ZONE).getTime()).toISOString();
};

/** A real calendar day written `yyyy-MM-dd` (`2026-02-31` is not one). */
export const isCalendarDay = (day: string): boolean => {
  if (!CALENDAR_DAY.test(day)) return false;
  const parsed = parse(day, 'yyyy-MM-dd', new Date());
  return isValid(parsed) && format(parsed, 'yyyy-MM-dd') === day;
};

/**
 * The instant (ISO) the IST day `addDays` after a `yyyy-MM-dd` day starts; undefined when `day` is
 * not a real calendar day, so a filter or a form can refuse it.
 */
export const istDayStart = (day: string, addDays = 0): string | undefined =>
  isCalendarDay(day) ? istDayStartIso(addDays === 0 ? day : shiftDay(day, addDays)) : undefined;

/** The instant the IST calendar day after `day` starts (exclusive "to" bound for timestamps). */
export const istDayEndIso = (day: string): string => istDayStartIso(shiftDay(day, 1));

/** The IST calendar day (`yyyy-MM-dd`) an instant falls on. */
export const istDayOf = (value: string | Date): string =>
  format(new TZDate(new Date(value).getTime(), INDIA_TIME_ZONE), 'yyyy-MM-dd');

/**
 * The financial year (1 April–31 March, IST) an instant or calendar day falls in, written `2026-27`.
 * A calendar day (`yyyy-MM-dd`) is taken as it is; an instant by its IST day.
 */
export const financialYearOf = (value: string | Date): string => {
  const day = typeof value === 'string' && CALENDAR_DAY.test(value) ? value : istDayOf(value);
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** The first and last calendar days of a financial year (`2026-27` → 2026-04-01 … 2027-03-31). */
export const financialYearDays = (fy: string): { from: string; to: string } => {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
};

/** India has kept UTC+5:30, with no daylight saving, since 15 Oct 1945 (tz database, Asia/Kolkata). */
const IST_FIXED = { from: Date.UTC(1946, 0, 1), until: Date.UTC(9999, 0, 1), offsetMs: 330 * 60_000 };

/**
 * An instant as IST wall time `yyyy-MM-dd HH:mm:ss`: sortable text for spreadsheet cells. Exports
 * write it once a row, so within the fixed-offset years it is plain arithmetic (a time-zone
 * lookup costs far more); before them the tz database decides.
 */
export const istDateTimeText = (at: Date): string => {
  const ms = at.getTime();
  if (ms >= IST_FIXED.from && ms < IST_FIXED.until) {
    const wall = new Date(ms + IST_FIXED.offsetMs).toISOString();
    return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
  }
  return format(new TZDate(ms, INDIA_TIME_ZONE), 'yyyy-MM-dd HH:mm:ss');
};

/**
 * An instant's IST wall clock as milliseconds since 1970-01-01 00:00 of that clock (what a
 * spreadsheet's date serial counts: it has no time zone). Plain arithmetic within the fixed-offset
 * years, as `istDateTimeText`; before them the tz database decides.
 */
export const istWallMs = (ms: number): number => {
  if (ms >= IST_FIXED.from && ms < IST_FIXED.until) return ms + IST_FIXED.offsetMs;
  const wall = new TZDate(ms, INDIA_TIME_ZONE);
  return Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
};

/** The IST wall-clock fields of an instant (a date-time input shows these, whatever the browser's zone). */
export interface IstWallClock {
  year: number;
  /** 0 = January, as in `Date`. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An instant's IST wall clock, or null for no valid instant. */
export function istWallClockOf(value: Moment): IstWallClock | null {
  if (value === null || value === undefined || value === '') return null;
  const at = inIndia(value);
  return at
    ? {
        year: at.getFullYear(),
        month: at.getMonth(),
        day: at.getDate(),
        hour: at.getHours(),
        minute: at.getMinutes(),
      }
    : null;
}

/** The instant (ISO, UTC) at an IST wall clock: what a date-time typed in India time means. */
export const istInstantOf = (wall: IstWallClock): string =>
  new Date(
    TZDate.tz(INDIA_TIME_ZONE, wall.year, wall.month, wall.day, wall.hour, wall.minute).getTime(),
  ).toISOString();
