import { PRIVACY_NOTICE_VERSION } from '@app/contract/privacy';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { requestCode } from '../server-log';
import { DEMO_PASSWORD } from './helpers';

/** A small real PNG (the upload is checked by content and gets a thumbnail). */
export const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAAKklEQVR42mNwa9pCU8QwasGoBaMWjFpAhAUnFkTRFI1aMGrBqAWjFhCBAGzZ3T3+yAVqAAAAAElFTkSuQmCC',
  'base64',
);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Staff token of a demo role, through the sign-in API (setting up data the test is not about). */
export async function staffToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/admin/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

/**
 * A member as the mobile app makes one: code by SMS, registration, then approved by staff (only
 * approved members register projects). Answers the member's session token, id and mobile.
 */
/** The answer to the privacy notice that registration carries: the necessary purposes and marketing. */
export const APP_CONSENT = {
  noticeVersion: PRIVACY_NOTICE_VERSION,
  language: 'en',
  choices: { necessary: true, marketing: true },
} as const;

export async function approvedAppMember(
  request: APIRequestContext,
  staff: string,
  language?: 'en' | 'hi',
  type = 'contractor',
) {
  const mobile = `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const code = await requestCode(request, mobile);
  const registered = await request.post('/api/app/register', {
    data: {
      mobile,
      code,
      name: `App Member ${mobile.slice(-4)}`,
      type,
      dateOfBirth: '1985-03-14',
      address: {
        line: '7 Station Road',
        city: 'Pune',
        district: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      consent: APP_CONSENT,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { token, member } = (await registered.json()) as { token: string; member: { id: number } };
  // The language chosen in the app before approval: every step message after it is in that language.
  if (language)
    expect(
      (await request.patch('/api/app/profile', { headers: bearer(token), data: { language } })).status(),
    ).toBe(200);
  const approved = await request.post('/api/admin/pending-users/approve', {
    headers: bearer(staff),
    data: { ids: [member.id] },
  });
  expect(approved.status()).toBe(200);
  return { token, id: member.id, mobile };
}

/** Uploads an image for `purpose` as the member; answers the file id. */
export async function uploadAsMember(request: APIRequestContext, token: string, purpose: string) {
  const res = await request.post(`/api/app/uploads?purpose=${purpose}`, {
    headers: bearer(token),
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PHOTO_PNG } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}

/** Accepts the terms version in force as the member (redeeming requires it once a version is published). */
export async function acceptCurrentTerms(request: APIRequestContext, token: string) {
  const profile = await request.get('/api/app/profile', { headers: bearer(token) });
  const { currentTermsVersion, termsAcceptanceNeeded } = (await profile.json()) as {
    currentTermsVersion: string | null;
    termsAcceptanceNeeded: boolean;
  };
  if (!termsAcceptanceNeeded) return;
  const accepted = await request.post('/api/app/terms/accept', {
    headers: bearer(token),
    data: { version: currentTermsVersion },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * An approved member who can redeem: KYC (bank account and UPI id) submitted and approved by cs, and
 * 5,000 points granted by cs and approved by finance (maker-checker). Answers the member and both tokens.
 */
export async function redeemingMember(
  request: APIRequestContext,
  emails: { cs: string; finance: string },
  language?: 'en' | 'hi',
) {
  const cs = await staffToken(request, emails.cs);
  const finance = await staffToken(request, emails.finance);
  const member = await approvedAppMember(request, cs, language);
  const files: number[] = [];
  for (let i = 0; i < 4; i++) files.push(await uploadAsMember(request, member.token, 'kyc_image'));
  const kyc = await request.post('/api/app/kyc', {
    headers: bearer(member.token),
    data: {
      aadhaarLast4: '4321',
      aadhaarFrontFileId: files[0],
      aadhaarBackFileId: files[1],
      pan: 'ABCDE1234F',
      panFileId: files[2],
      accountHolder: 'App Member',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      bankName: 'State Bank of India',
      chequeFileId: files[3],
      upiId: 'member@upi',
    },
  });
  expect(kyc.status(), await kyc.text()).toBe(200);
  const kycId = (await kyc.json()).id as number;
  for (const step of ['claim', 'approve'])
    expect(
      (await request.post(`/api/admin/kyc/${kycId}/${step}`, { headers: bearer(cs), data: {} })).status(),
    ).toBe(200);
  const grant = await request.post(`/api/admin/users/${member.id}/adjustments`, {
    headers: bearer(cs),
    data: { amount: 5000, reason: 'Welcome bonus' },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const granted = await request.post(`/api/admin/adjustments/${(await grant.json()).id}/approve`, {
    headers: bearer(finance),
    data: {},
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return { member, cs, finance };
}
