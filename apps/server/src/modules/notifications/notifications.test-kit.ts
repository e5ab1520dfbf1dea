import type { NotificationRow } from '@app/contract/notifications';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { createMemberSession } from '../member-auth';
import { insertTestMember } from '../members/members.test-kit';

/** Helpers of the notification tests: compose, wait for the fan-out, read inboxes. */
export function notificationsKit(t: TestApp) {
  const sql = async (text: string, values: unknown[] = []) =>
    (await t.database.executeSql(text, values)).rows;
  const ok = async <T = NotificationRow>(
    res: { statusCode: number; body: string; json(): unknown },
    status = 200,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const compose = (payload: object, by = 'marketing') =>
    t.as(by, {
      method: 'POST',
      url: '/api/admin/notifications',
      payload: { title: 'Hello', body: 'Body', ...payload },
    });
  const get = async (id: number) => ok(await t.as('marketing', { url: `/api/admin/notifications/${id}` }));
  /** Polls until the notification is no longer waiting or sending, up to 60 s. */
  const settled = async (id: number): Promise<NotificationRow> => {
    for (let i = 0; i < 240; i++) {
      const row = await get(id);
      if (row.state !== 'scheduled' && row.state !== 'sending') return row;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`notification ${id} did not settle`);
  };
  /** The member ids whose inbox holds the notification, with how many times each. */
  const recipients = async (id: number) => {
    const rows = await sql(
      'select member_id, count(*)::int as n from inbox_messages where notification_id = $1 group by 1',
      [id],
    );
    for (const r of rows) expect(Number(r.n), `member ${r.member_id} got it ${r.n} times`).toBe(1);
    return rows.map((r) => Number(r.member_id)).sort((a, b) => a - b);
  };
  /** Reachable members (not blocked or rejected) matching a condition on `members m`. */
  const expected = async (where: string, values: unknown[] = []) =>
    (
      await sql(
        `select id from members m where m.status not in ('blocked', 'rejected') and (${where}) order by id`,
        values,
      )
    ).map((r) => Number(r.id));
  const member = async (values: Parameters<typeof insertTestMember>[1] = {}) => {
    const id = await insertTestMember(t.database.db, values);
    return { id, token: await createMemberSession(t.database.db, id) };
  };
  const asMember = (token: string, options: { method?: 'GET' | 'POST'; url: string }) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  return { sql, ok, compose, get, settled, recipients, expected, member, asMember };
}
