import { describe, expect, it } from 'vitest';
import { drawPrize } from './games.draw';

const DRAWS = 100_000;
/** Five standard deviations: a correct draw falls outside with probability ~6e-7 per prize. */
const SIGMAS = 5;

describe('the draw', () => {
  it('over 100,000 draws from the cryptographic source, each prize falls inside its 5-sigma binomial bounds', () => {
    const table = [
      { label: 'Try again', probability: 4000 },
      { label: '10 points', probability: 3000 },
      { label: '25 points', probability: 2000 },
      { label: '100 points', probability: 900 },
      { label: '500 points', probability: 99 },
      { label: 'Jackpot', probability: 1 },
    ];
    const counts = new Map(table.map((p) => [p.label, 0]));
    for (let i = 0; i < DRAWS; i++) {
      const prize = drawPrize(table);
      counts.set(prize.label, counts.get(prize.label)! + 1);
    }
    for (const p of table) {
      const q = p.probability / 10_000;
      const mean = DRAWS * q;
      const sd = Math.sqrt(DRAWS * q * (1 - q));
      const seen = counts.get(p.label)!;
      expect(
        Math.abs(seen - mean),
        `${p.label}: ${seen} draws, expected ${mean} ± ${SIGMAS * sd}`,
      ).toBeLessThanOrEqual(SIGMAS * sd);
    }
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(DRAWS);
  });

  it('maps every one of the 10,000 outcomes to the prize whose range holds it (exact probabilities)', () => {
    const table = [
      { id: 'a', probability: 1 },
      { id: 'b', probability: 9998 },
      { id: 'c', probability: 1 },
    ];
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let r = 0; r < 10_000; r++) counts[drawPrize(table, () => r).id]!++;
    expect(counts).toEqual({ a: 1, b: 9998, c: 1 });
  });

  it('refuses a table that does not add up to 100%', () => {
    expect(() => drawPrize([{ probability: 9999 }])).toThrow(/9999/);
    expect(() => drawPrize([])).toThrow();
  });
});
