import { randomBytes } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION } from '@app/contract/privacy';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import type { TestApp } from '../../../test/harness';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { currentTermsVersionSql } from '../member-app';

let counter = 0;

/** A fresh mobile number no seeded member has (seeded ones start with 9). */
export const freshMobile = () =>
  `6${String(Date.now() % 1e5).padStart(5, '0')}${String(counter++ % 1e4).padStart(4, '0')}`;

/**
 * Inserts a member straight into the table (tests that need one without the sign-up flow): approved,
 * with the terms in force accepted, unless `values` say otherwise.
 */
export async function insertTestMember(
  db: Executor,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<number> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await db
    .insert(members)
    .values({
      code: `T${tag}`,
      name: `Test member ${tag}`,
      mobile: freshMobile(),
      type: 'carpenter',
      dateOfBirth: '1990-01-01',
      addressLine: '1 Test Street',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      referralCode: `R${tag}`,
      status: 'approved',
      // Like a member who signed up on the app: the terms in force accepted.
      termsVersion: currentTermsVersionSql,
      ...values,
    })
    .returning({ id: members.id });
  return row!.id;
}

/**
 * Captures the member SMS (one-time codes) instead of sending them. Codes leave through the outbox
 * worker a moment after the request's answer, so `requestCode` and `codeFor` wait for the message.
 */
export function smsInbox(t: TestApp) {
  const sent: { mobile: string; text: string }[] = [];
  vi.spyOn(t.app.sms, 'send').mockImplementation(async (mobile, text) => {
    sent.push({ mobile, text });
    return { providerMessageId: null };
  });
  const to = (mobile: string) => sent.filter((m) => m.mobile === mobile);
  const lastCode = (mobile: string) => {
    const message = to(mobile).at(-1);
    if (!message) throw new Error(`no SMS to ${mobile}`);
    return /\b(\d{6})\b/.exec(message.text)![1]!;
  };
  /** The code of the `count`-th message to `mobile` (by default: at least one), once it has arrived. */
  const codeFor = async (mobile: string, count = 1) => {
    await vi.waitFor(
      () => {
        if (to(mobile).length < count) throw new Error(`no SMS to ${mobile} yet`);
      },
      { timeout: 60_000, interval: 20 },
    );
    return lastCode(mobile);
  };
  const requestCode = async (mobile: string) => {
    const before = to(mobile).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    if (res.statusCode !== 200) throw new Error(`otp ${mobile}: ${res.statusCode} ${res.body}`);
    return codeFor(mobile, before + 1);
  };
  return { sent, lastCode, codeFor, requestCode };
}

export const registration = (mobile: string, code: string, extra: object = {}) => ({
  mobile,
  code,
  name: 'Ravi Kumar',
  type: 'carpenter',
  dateOfBirth: '1988-05-17',
  address: { line: '12 MG Road', city: 'Pune', district: 'Pune', state: 'Maharashtra', pincode: '411001' },
  consent: {
    noticeVersion: PRIVACY_NOTICE_VERSION,
    language: 'en',
    choices: { necessary: true, marketing: true },
  },
  ...extra,
});

/** Registers a new member through the app API and returns its id and session token. */
export async function registerMember(t: TestApp, inbox: ReturnType<typeof smsInbox>, extra: object = {}) {
  const mobile = freshMobile();
  const code = await inbox.requestCode(mobile);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/register',
    payload: registration(mobile, code, extra),
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; member: { id: number; code: string; referralCode: string } };
  return { mobile, token: body.token, id: body.member.id, member: body.member };
}

/** `inject` as a member (their session token). */
export const asMember = (t: TestApp, token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
