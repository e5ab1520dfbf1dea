import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTime,
  formatDay,
  formatRupees,
  isCalendarDay,
  istDateTimeText,
  istDayEndIso,
  istDayOf,
  istDayStart,
  istDayStartIso,
  istInstantOf,
  istWallClockOf,
  istWallMs,
  shiftDay,
  todayInIndia,
} from './format';

describe('formatting for people', () => {
  it('writes a moment in India time, day and time with a lower-case am/pm', () => {
    expect(formatDateTime('2026-11-23T12:38:00Z')).toBe('23 Nov 2026, 6:08 pm');
    expect(formatDateTime('2026-11-22T19:00:00Z')).toBe('23 Nov 2026, 12:30 am');
    expect(formatDay('2026-11-22T19:00:00Z')).toBe('23 Nov 2026');
  });

  it('shows a calendar day as that day, whatever the time zone', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDay('2030-03-31')).toBe('31 Mar 2030');
  });

  it('leaves missing or broken values empty instead of "Invalid Date"', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDay(v)).toBe('');
      expect(formatDateTime(v)).toBe('');
    }
    expect(formatCount(null)).toBe('');
    expect(formatRupees(undefined)).toBe('');
  });

  it('groups digits the Indian way and shows paise as rupees', () => {
    expect(formatCount(125900)).toBe('1,25,900');
    expect(formatCount(10000000)).toBe('1,00,00,000');
    expect(formatCount(-4500)).toBe('-4,500');
    expect(formatRupees(2236175)).toBe('₹22,361.75');
    expect(formatRupees(50)).toBe('₹0.50');
  });

  it('computes IST days and their bounds', () => {
    expect(todayInIndia(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(todayInIndia(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(istDayStartIso('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayEndIso('2026-11-23')).toBe('2026-11-23T18:30:00.000Z');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(istDayOf('2026-11-22T18:30:00Z')).toBe('2026-11-23');
  });
});

describe('IST calendar days', () => {
  it('knows a real calendar day', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-31', '2026-13-01', '26-11-23', '2026-11-23T00:00', ' 2026-11-23', ''])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
  it('gives the instant an IST day starts, days later, or nothing for a day that is not real', () => {
    expect(istDayStart('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayStart('2026-12-31', 1)).toBe('2026-12-31T18:30:00.000Z');
    expect(istDayStart('2026-02-31')).toBeUndefined();
  });
});

describe('istDateTimeText', () => {
  const byTzDatabase = (ms: number) => format(new TZDate(ms, 'Asia/Kolkata'), 'yyyy-MM-dd HH:mm:ss');

  it('agrees with the tz database on either side of the fixed-offset years and across them', () => {
    const instants = [
      Date.UTC(1942, 5, 1, 12),
      Date.UTC(1945, 11, 31, 18, 29, 59),
      Date.UTC(1945, 11, 31, 18, 30),
      Date.UTC(1946, 0, 1),
      Date.UTC(2026, 10, 23, 18, 29, 59, 999),
      Date.UTC(2026, 10, 23, 18, 30),
      Date.UTC(2100, 1, 28, 20),
    ];
    for (let i = 0; i < 2000; i++)
      instants.push(Date.UTC(1946, 0, 1) + Math.floor((i * 2_654_435_761_337) % 4.7e12));
    for (const ms of instants) expect(istDateTimeText(new Date(ms))).toBe(byTzDatabase(ms));
  });
});

describe('istWallMs', () => {
  it('is the IST wall clock read as if it were UTC, before and within the fixed-offset years', () => {
    const wallOf = (ms: number) => new Date(istWallMs(ms)).toISOString().slice(0, 19).replace('T', ' ');
    // 23 Nov 2026 18:30 UTC is 24 Nov 00:00 IST; before 1946 the offset was another (the tz database's).
    expect(wallOf(Date.UTC(2026, 10, 23, 18, 30))).toBe('2026-11-24 00:00:00');
    for (let i = 0; i < 200; i++) {
      const ms = Date.UTC(1900, 0, 1) + Math.floor((i * 2_654_435_761_337) % 6.5e12);
      expect(wallOf(ms)).toBe(format(new TZDate(ms, 'Asia/Kolkata'), 'yyyy-MM-dd HH:mm:ss'));
    }
  });
});

describe('IST wall clock of a date-time input', () => {
  it('reads an instant as India time and back, whatever the process zone', () => {
    const wall = istWallClockOf('2026-12-13T04:30:00.000Z');
    expect(wall).toEqual({ year: 2026, month: 11, day: 13, hour: 10, minute: 0 });
    expect(istInstantOf(wall!)).toBe('2026-12-13T04:30:00.000Z');
  });
  it('crosses midnight and the year in IST, not UTC', () => {
    expect(istWallClockOf('2026-12-31T20:00:00Z')).toEqual({
      year: 2027,
      month: 0,
      day: 1,
      hour: 1,
      minute: 30,
    });
    expect(istInstantOf({ year: 2027, month: 0, day: 1, hour: 0, minute: 15 })).toBe(
      '2026-12-31T18:45:00.000Z',
    );
  });
  it('has no wall clock for nothing or a bad value', () => {
    expect(istWallClockOf('')).toBeNull();
    expect(istWallClockOf('not a time')).toBeNull();
  });
});
