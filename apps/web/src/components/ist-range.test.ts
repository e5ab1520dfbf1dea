import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, endDay, startDay } from './ist-range';

describe('IST date filters', () => {
  it('turns a picked day into the instants of its IST midnight and the next', () => {
    expect(dayStart('2024-04-01')).toBe('2024-03-31T18:30:00.000Z');
    expect(dayEnd('2024-04-01')).toBe('2024-04-01T18:30:00.000Z');
    expect(dayStart('')).toBe('');
  });

  it('shows the instants back as the picked days', () => {
    expect(startDay(dayStart('2024-04-01'))).toBe('2024-04-01');
    expect(endDay(dayEnd('2024-04-01'))).toBe('2024-04-01');
    expect(startDay(undefined)).toBe('');
  });
});
