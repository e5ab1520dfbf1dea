import { describe, expect, it } from 'vitest';
import { CROCKFORD, checkCharacter, formatCode, normaliseCode, parseCode, scanUrl } from './coupons';

const body = 'ABCDEFGHJKM';
const code = body + checkCharacter(body);

describe('coupon codes', () => {
  it('accepts a code with its check character, formatted or not, and scan URLs', () => {
    expect(parseCode(code)).toBe(code);
    expect(parseCode(formatCode(code).toLowerCase())).toBe(code);
    expect(parseCode(scanUrl('http://localhost:3000/', code))).toBe(code);
    expect(formatCode(code)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  });

  it('reads Crockford look-alikes as digits', () => {
    expect(normaliseCode('o1l-I')).toBe('0111');
  });

  it('detects every single-character substitution', () => {
    for (let i = 0; i < code.length; i++) {
      for (const c of CROCKFORD) {
        if (c === code[i]) continue;
        expect(parseCode(code.slice(0, i) + c + code.slice(i + 1)), `${i}:${c}`).toBeNull();
      }
    }
  });

  it('detects most adjacent swaps and refuses wrong lengths and letters outside the alphabet', () => {
    let caught = 0;
    for (let i = 0; i < code.length - 1; i++) {
      const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
      if (parseCode(swapped) === null) caught++;
    }
    expect(caught).toBeGreaterThanOrEqual(10);
    expect(parseCode(code.slice(1))).toBeNull();
    expect(parseCode(`${code.slice(0, 11)}U`)).toBeNull();
  });
});
