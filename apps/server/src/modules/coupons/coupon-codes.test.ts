import { checkCharacter, isValidCode } from '@app/contract/coupons';
import { describe, expect, it } from 'vitest';
import { randomCodes } from './coupon-codes';

describe('randomCodes', () => {
  it('makes 12-character Crockford codes whose check character is the contract’s', () => {
    const codes = randomCodes(20_000);
    expect(codes.every((c) => /^[0-9A-HJKMNP-TV-Z]{12}$/.test(c))).toBe(true);
    expect(codes.every((c) => checkCharacter(c.slice(0, 11)) === c[11] && isValidCode(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses every symbol in every random position', () => {
    const codes = randomCodes(5_000);
    for (let j = 0; j < 11; j++) expect(new Set(codes.map((c) => c[j])).size).toBe(32);
  });
});
