import type { TestApp } from '../../../test/harness';
import { createMemberSession } from '../member-auth';
import { insertTestMember } from '../members/members.test-kit';

/** A member straight in the table with a session token. */
export async function memberWithToken(t: TestApp, values: Parameters<typeof insertTestMember>[1] = {}) {
  const id = await insertTestMember(t.database.db, values);
  const token = await createMemberSession(t.database.db, id);
  return { id, token };
}

/** POST /api/app/scan as a member. */
export const scanAs = (t: TestApp, token: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/scan',
    payload,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
