import { describe, expect, it } from 'vitest';
import { en } from './en';
import { gu } from './gu';
import { hi } from './hi';
import { mr } from './mr';
import { ta } from './ta';

/**
 * Every language of the member app says every English text, and no more: the same keys, the same
 * placeholders, and no English left in (only these abbreviations, written as members know them).
 */
const LOCALES = { hi, mr, gu, ta };
const LATIN_ALLOWED = new Set([
  'SMS',
  'QR',
  'UPI',
  'PAN',
  'IFSC',
  'KYC',
  'TDS',
  'IST',
  'PIN',
  'UTR',
  'ID',
  'PDF',
  'JSON',
  'WhatsApp',
]);
/** Examples of what to type, which is Latin by nature (a PAN, an IFSC, a UPI ID, a member code). */
const EXAMPLES = /ABCDE1234F|SBIN0001234|name@bank|M000042/g;

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flat(en);

describe('member app locales', () => {
  for (const [language, messages] of Object.entries(LOCALES)) {
    const texts = flat(messages as Tree);

    it(`${language} has exactly the English keys`, () => {
      expect(
        Object.keys(texts).filter((k) => !(k in english)),
        'extra keys',
      ).toEqual([]);
      expect(
        Object.keys(english).filter((k) => !(k in texts)),
        'missing keys',
      ).toEqual([]);
    });

    it(`${language} keeps every placeholder and leaves no English word`, () => {
      for (const [key, text] of Object.entries(texts)) {
        expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
        const words =
          text
            .replace(/\{\{\w+\}\}/g, '')
            .replace(EXAMPLES, '')
            .match(/[A-Za-z]+/g) ?? [];
        expect(
          words.filter((w) => !LATIN_ALLOWED.has(w)),
          `${language} ${key}`,
        ).toEqual([]);
      }
    });
  }
});
