import { randomInt } from 'node:crypto';
import { isCommonPassword } from '@app/contract/common-passwords';

// No 0/O, 1/l/I: the password is read off a screen and typed in once.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/** A random 12-character password with letters and digits (~70 bits), shown once to its creator. */
export function generatePassword(length = 12): string {
  for (;;) {
    const chars = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const password = chars.join('');
    if (/\d/.test(password) && /[a-z]/i.test(password) && !isCommonPassword(password)) return password;
  }
}
