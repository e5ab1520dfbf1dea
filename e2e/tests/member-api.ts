import { todayInIndia } from '@app/contract/format';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect } from '@playwright/test';
import { requestCode } from '../server-log';
import { DEMO_PASSWORD } from './helpers';

/** A staff token of a demo role, for set-up calls to the admin API. */
export async function staffToken(request: APIRequestContext, role: string): Promise<string> {
  const res = await request.post('/api/admin/login', {
    data: { email: demoEmail(role), password: DEMO_PASSWORD },
  });
  if (!res.ok()) throw new Error(`staff login ${role}: ${res.status()}`);
  return (await res.json()).token as string;
}

/** Signs in an approved demo member through the app's one-time code flow; returns its name and token. */
export async function approvedMember(request: APIRequestContext, skip = 0) {
  const staff = await staffToken(request, 'admin');
  const filter = encodeURIComponent(JSON.stringify({ status: 'approved' }));
  const list = await request.get(`/api/admin/users?filter=${filter}&perPage=50`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  const member = (await list.json()).rows[skip] as { id: number; name: string; code: string; mobile: string };
  const login = await request.post('/api/app/login', {
    data: { mobile: member.mobile, code: await requestCode(request, member.mobile) },
  });
  if (!login.ok()) throw new Error(`member login: ${login.status()} ${await login.text()}`);
  return { ...member, token: (await login.json()).token as string };
}

/** Fraud rules requested by admin and approved by the almond team through the API, in force from today. */
export async function setFraudRules(request: APIRequestContext, rules: object) {
  const auth = async (role: string) => ({ authorization: `Bearer ${await staffToken(request, role)}` });
  const made = await request.post('/api/admin/fraud-rules', {
    headers: await auth('admin'),
    data: { ...rules, effectiveFrom: todayInIndia() },
  });
  expect(made.status(), await made.text()).toBe(200);
  const ok = await request.post(`/api/admin/fraud-rules/${(await made.json()).id}/approve`, {
    headers: await auth('almond team'),
    data: {},
  });
  expect(ok.status(), await ok.text()).toBe(200);
}
