import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import type { TestApp } from '../../../test/harness';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';

let counter = 0;

/** A fresh mobile number no seeded member has (seeded ones start with 9). */
export const freshMobile = () =>
  `6${String(Date.now() % 1e5).padStart(5, '0')}${String(counter++ % 1e4).padStart(4, '0')}`;

/** Inserts a member straight into the table (tests that need one without the sign-up flow). */
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
      ...values,
    })
    .returning({ id: members.id });
  return row!.id;
}

/** Captures the member-app SMS (one-time codes) instead of logging them. */
export function smsInbox(t: TestApp) {
  const sent: { mobile: string; text: string }[] = [];
  vi.spyOn(t.app.sms, 'send').mockImplementation(async (mobile, text) => {
    sent.push({ mobile, text });
  });
  const lastCode = (mobile: string) => {
    const message = sent.filter((m) => m.mobile === mobile).at(-1);
    if (!message) throw new Error(`no SMS to ${mobile}`);
    return /\b(\d{6})\b/.exec(message.text)![1]!;
  };
  const requestCode = async (mobile: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app/otp', payload: { mobile } });
    if (res.statusCode !== 200) throw new Error(`otp ${mobile}: ${res.statusCode} ${res.body}`);
    return lastCode(mobile);
  };
  return { sent, lastCode, requestCode };
}

export const registration = (mobile: string, code: string, extra: object = {}) => ({
  mobile,
  code,
  name: 'Ravi Kumar',
  type: 'carpenter',
  dateOfBirth: '1988-05-17',
  address: { line: '12 MG Road', city: 'Pune', district: 'Pune', state: 'Maharashtra', pincode: '411001' },
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
