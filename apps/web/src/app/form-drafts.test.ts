import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './form-drafts';

describe('form drafts', () => {
  it('never keep a password, a one-time code, a token or a personal number, at any depth', () => {
    expect(
      withoutSecrets({
        name: 'Asha',
        password: 'x',
        confirmPassword: 'x',
        otp: '123456',
        pan: 'ABCDE1234F',
        company: 'Tesa',
        bank: { accountNumber: '1', pin: '9', ifsc: 'SBIN0001' },
        lines: [{ productId: 3, apiToken: 't' }],
      }),
    ).toEqual({ name: 'Asha', company: 'Tesa', bank: { ifsc: 'SBIN0001' }, lines: [{ productId: 3 }] });
  });
});
