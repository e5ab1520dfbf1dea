import { describe, expect, it } from 'vitest';
import { computeTds } from './redemptions';

const rules = { thresholdPaise: 2_000_000, rateBp: 1000, noPanRateBp: 2000, panOnFile: true };

describe('computeTds', () => {
  it('is nothing within the threshold, the rate on the whole redemption once the year passes it', () => {
    expect(computeTds({ ...rules, valuePaise: 2_000_000, priorFyValuePaise: 0 })).toEqual({
      rateBp: 0,
      tdsPaise: 0,
    });
    expect(computeTds({ ...rules, valuePaise: 60_000, priorFyValuePaise: 2_000_000 })).toEqual({
      rateBp: 1000,
      tdsPaise: 6_000,
    });
    expect(
      computeTds({ ...rules, panOnFile: false, valuePaise: 50_001, priorFyValuePaise: 2_000_000 }),
    ).toEqual({ rateBp: 2000, tdsPaise: 10_000 });
  });

  it('is exact to the paisa for the largest values the inputs allow (past 2⁵³ when multiplied)', () => {
    // value × rate = 9,570,339,566,744,999: a float rounds it to …745,000 and the TDS up a paisa
    expect(
      computeTds({ ...rules, rateBp: 9929, valuePaise: 963_877_486_831, priorFyValuePaise: 0 }).tdsPaise,
    ).toBe(957_033_956_674);
    expect(
      computeTds({ ...rules, rateBp: 10_000, valuePaise: 1_000_000_000_000, priorFyValuePaise: 0 }).tdsPaise,
    ).toBe(1_000_000_000_000);
  });
});
