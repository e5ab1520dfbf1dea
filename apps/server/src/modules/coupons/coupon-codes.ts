import { randomBytes } from 'node:crypto';
import { CROCKFORD, checkCharacter, RANDOM_LENGTH } from '@app/contract/coupons';

/** Makes `n` codes; the generator is a parameter so tests can force collisions. */
export type CodeSource = (n: number) => string[];

/**
 * `n` fresh codes: 11 characters from crypto.randomBytes (a byte's low 5 bits are uniform over the
 * 32 symbols, since 256 is a multiple of 32) and the check character.
 */
export const randomCodes: CodeSource = (n) => {
  const bytes = randomBytes(n * RANDOM_LENGTH);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    let body = '';
    for (let j = 0; j < RANDOM_LENGTH; j++) body += CROCKFORD[bytes[i * RANDOM_LENGTH + j]! & 31];
    out[i] = body + checkCharacter(body);
  }
  return out;
};

/** A PostgreSQL array literal of codes or numbers (neither ever needs quoting). */
export const arrayLiteral = (values: readonly (string | number)[]): string => `{${values.join(',')}}`;
