import { randomInt } from 'node:crypto';
import { PROBABILITY_TOTAL } from '@app/contract/games';

export interface DrawablePrize {
  /** Basis points (10,000 = 100%). */
  probability: number;
}

/**
 * Draws one prize of a table whose probabilities add up to 100%: a uniform whole number in
 * [0, 10000) from the operating system's cryptographic source (`crypto.randomInt`, which rejects
 * biased samples), then the prize whose cumulative range holds it. Each prize is drawn with
 * probability exactly `probability / 10000`.
 */
export function drawPrize<P extends DrawablePrize>(
  prizes: readonly P[],
  random: (max: number) => number = randomInt,
): P {
  const total = prizes.reduce((sum, p) => sum + p.probability, 0);
  if (total !== PROBABILITY_TOTAL || prizes.length === 0)
    throw new Error(`game prize table adds up to ${total} basis points, not ${PROBABILITY_TOTAL}`);
  let r = random(PROBABILITY_TOTAL);
  for (const prize of prizes) {
    if (r < prize.probability) return prize;
    r -= prize.probability;
  }
  throw new Error('draw out of range');
}
