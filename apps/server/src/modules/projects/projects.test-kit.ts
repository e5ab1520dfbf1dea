import { todayInIndia } from '@app/contract/format';
import type { TestApp } from '../../../test/harness';
import { demoDocumentPng } from '../../seed/demo-png';
import { multipartFile } from '../kyc/kyc.test-kit';
import { asMember, registerMember, type smsInbox } from '../members/members.test-kit';

/** A registered member the back-office has approved (only they may register projects). */
export async function approvedMember(t: TestApp, inbox: ReturnType<typeof smsInbox>) {
  const m = await registerMember(t, inbox);
  await t.database.executeSql("update members set status = 'approved' where id = $1", [m.id]);
  return m;
}

/** Uploads an image (or the given bytes) for `purpose` as the member; answers the file id. */
export async function uploadFor(
  t: TestApp,
  token: string,
  purpose: string,
  content?: Buffer,
): Promise<number> {
  const { payload, headers } = multipartFile(content ?? demoDocumentPng([120, 160, 200], 40, 30));
  const res = await asMember(t, token, {
    method: 'POST',
    url: `/api/app/uploads?purpose=${purpose}`,
    payload,
    headers,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export const projectBody = (photoFileIds: number[] = [], extra: object = {}) => ({
  name: 'Green Valley Villas',
  siteAddress: 'Plot 14, Baner Road',
  pincode: '411045',
  latitude: 18.559,
  longitude: 73.787,
  type: 'residential',
  stage: 'structure',
  expectedQuantity: 120,
  photoFileIds,
  ...extra,
});

export const postProject = (t: TestApp, token: string, body: object, key?: string) =>
  asMember(t, token, {
    method: 'POST',
    url: '/api/app/projects',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** Sets the project bonus from today. */
export async function setBonus(t: TestApp, points: number) {
  const res = await t.as('admin', {
    method: 'POST',
    url: '/api/admin/projects/bonus-settings',
    payload: { points, effectiveFrom: todayInIndia() },
  });
  if (res.statusCode !== 200) throw new Error(`bonus: ${res.statusCode} ${res.body}`);
}

/** A staff account whose role holds these pages only (no actions): "view only". */
export async function viewOnlyToken(t: TestApp, name: string, pages: string[]): Promise<string> {
  const role = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/roles',
    payload: { name, label: name, permissions: pages },
  });
  if (role.statusCode !== 200) throw new Error(`role: ${role.statusCode} ${role.body}`);
  const email = `${name.replace(/\W/g, '')}@example.com`;
  const password = 'Sturdy-Pass-42';
  const created = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/staff',
    payload: { name, email, roleId: role.json().id, password },
  });
  if (created.statusCode !== 200) throw new Error(`staff: ${created.statusCode} ${created.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  return login.json().token as string;
}
