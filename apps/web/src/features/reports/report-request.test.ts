import { REPORT_MESSAGES } from '@app/contract/reports';
import { describe, expect, it } from 'vitest';
import { formatBytes, reportRequestErrors, requestBody, thisMonth } from './report-request';

describe('reportRequestErrors', () => {
  it('requires every field', () => {
    expect(reportRequestErrors({ reportType: '', startDate: '', endDate: '' })).toEqual({
      reportType: REPORT_MESSAGES.typeRequired,
      startDate: REPORT_MESSAGES.startRequired,
      endDate: REPORT_MESSAGES.endRequired,
    });
  });

  it('refuses an end before the start, on the end date', () => {
    expect(
      reportRequestErrors({ reportType: 'staff', startDate: '2024-03-02', endDate: '2024-03-01' }),
    ).toEqual({
      endDate: REPORT_MESSAGES.endBeforeStart,
    });
  });

  it('accepts one day', () => {
    expect(
      reportRequestErrors({ reportType: 'staff', startDate: '2024-03-02', endDate: '2024-03-02' }),
    ).toEqual({});
  });
});

describe('requestBody', () => {
  it('sends exactly the spec payload, and background only for use 2', () => {
    const values = { reportType: 'staff', startDate: '2024-01-01', endDate: '2024-01-31' };
    expect(requestBody(values, false)).toEqual(values);
    expect(requestBody(values, true)).toEqual({ ...values, background: true });
  });
});

describe('formatBytes', () => {
  it.each([
    [null, ''],
    [512, '512 B'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('%s → %j', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('thisMonth', () => {
  it('starts the form on the first of the month and ends it today', () => {
    expect(thisMonth('2026-11-27')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-27' });
    expect(thisMonth('2027-01-01')).toEqual({ startDate: '2027-01-01', endDate: '2027-01-01' });
  });
});
