import { randomBytes } from 'node:crypto';
import { CROCKFORD, RANDOM_LENGTH } from '@app/contract/coupons';

/** Makes `n` codes; the generator is a parameter so tests can force collisions. */
export type CodeSource = (n: number) => string[];

const ALPHABET = Buffer.from(CROCKFORD, 'latin1');
/** Luhn mod 32 "double and fold" of each value, precomputed (contract/coupons.ts checkCharacter). */
const DOUBLED = Array.from({ length: 32 }, (_, v) => Math.floor((2 * v) / 32) + ((2 * v) % 32));

/**
 * `n` fresh codes: 11 characters from crypto.randomBytes (a byte's low 5 bits are uniform over the
 * 32 symbols, since 256 is a multiple of 32) and the Luhn mod-32 check character, computed inline
 * (the same rule as contract checkCharacter, which the tests hold it to): millions per second.
 */
export const randomCodes: CodeSource = (n) => {
  const bytes = randomBytes(n * RANDOM_LENGTH);
  const out = new Array<string>(n);
  const code = Buffer.allocUnsafe(RANDOM_LENGTH + 1);
  for (let i = 0, k = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < RANDOM_LENGTH; j++, k++) {
      const v = bytes[k]! & 31;
      code[j] = ALPHABET[v]!;
      // The rightmost body character (j = 10) is doubled, then every second one to its left.
      sum += (RANDOM_LENGTH - 1 - j) % 2 === 0 ? DOUBLED[v]! : v;
    }
    code[RANDOM_LENGTH] = ALPHABET[(32 - (sum % 32)) % 32]!;
    out[i] = code.toString('latin1');
  }
  return out;
};

/** A PostgreSQL array literal of codes or numbers (neither ever needs quoting). */
export const arrayLiteral = (values: readonly (string | number)[]): string => `{${values.join(',')}}`;
