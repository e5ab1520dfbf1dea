import { describe, expect, it } from 'vitest';
import { newPassword, PASSWORD_RULE_MESSAGES } from './auth';
import { isCommonPassword } from './common-passwords';

describe('common passwords (at least the 10,000 most common are refused)', () => {
  it('refuses what the short list let through, and well-known ones in any case', () => {
    for (const p of ['pass1234', 'zzzzzz', 'dragon12', '123456', 'Password', 'qwerty123', 'iloveyou1'])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('refuses repeats and straight runs, which the list leaves to patterns', () => {
    for (const p of ['aaaaaaaa', '121212', 'abcabcabc', '654321', 'abcdefgh', '0123456789', '19641964'])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('refuses deep in the top 10,000, and local guesses', () => {
    for (const p of ['soccer12', 'sunshine1', 'india@123', 'Admin123', 'ActionTesa'])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('refuses listed words under l33t letters and with digits or symbols after them', () => {
    for (const p of [
      'Pa$$w0rd',
      'Passw0rd!',
      'Qwerty@123',
      'Admin@1234',
      'demo1234',
      'P@ssw0rd1',
      'Dr4g0n!!',
    ])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('accepts passwords nobody guesses first', () => {
    for (const p of ['Tr1cky-pass', 'Sturdy-Pass-42', 'field-demo1234', 'k7#Vq9!mZ2', 'Mango-Ledger-58'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('is the rule of newPassword, with its message', () => {
    expect(newPassword.safeParse('dragon12').error?.issues[0]?.message).toBe(PASSWORD_RULE_MESSAGES.common);
    expect(newPassword.safeParse('Tr1cky-pass').success).toBe(true);
  });
});
