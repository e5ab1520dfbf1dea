import { AUDIENCE_UPLOAD_COLUMNS, NOTIFICATION_MESSAGES as M } from '@app/contract/notifications';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { staffKit } from '../staff/staff.test-kit';
import { fanOut } from './notification-fanout';
import { queueDueNotifications } from './notifications.service';
import { notificationsKit } from './notifications.test-kit';
import { type PushBatch, usePushSender } from './push-sender';

let t: TestApp;
let kit: ReturnType<typeof notificationsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationsKit(t);
});
afterAll(() => t.close());
afterEach(() => usePushSender(undefined));

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('Manage Notification: who receives it', () => {
  it('a member type audience reaches exactly the reachable members of that type, each once', async () => {
    const architect = await kit.member({ type: 'architect' });
    const blocked = await kit.member({ type: 'architect', status: 'blocked' });
    const dealer = await kit.member({ type: 'dealer' });
    const pushed: PushBatch[] = [];
    usePushSender({
      send: async (b) => {
        pushed.push(b);
        return b.memberIds.length;
      },
    });

    const created = await kit.ok(await kit.compose({ audience: { kind: 'types', types: ['architect'] } }));
    expect(created.audienceSummary).toBe('Types: Architect');
    const done = await kit.settled(created.id);
    const want = await kit.expected(`m.type = 'architect'`);
    expect(done).toMatchObject({ state: 'sent', recipients: want.length, delivered: want.length, read: 0 });
    expect(await kit.recipients(created.id)).toEqual(want);
    expect(want).toContain(architect.id);
    expect(want).not.toContain(blocked.id);
    expect(want).not.toContain(dealer.id);
    // The push sender got every recipient once, and nothing but member ids.
    expect(pushed.flatMap((b) => b.memberIds).sort((a, b) => a - b)).toEqual(want);
  });

  it('a member of one type never receives a notification meant for another', async () => {
    const retailer = await kit.member({ type: 'retailer' });
    const contractor = await kit.member({ type: 'contractor' });
    const n = await kit.ok(await kit.compose({ audience: { kind: 'types', types: ['contractor'] } }));
    await kit.settled(n.id);
    const inboxOf = async (token: string) =>
      (await kit.asMember(token, { url: '/api/app/inbox?limit=100' })).json().items as {
        notificationId: number;
      }[];
    expect((await inboxOf(contractor.token)).map((m) => m.notificationId)).toContain(n.id);
    expect((await inboxOf(retailer.token)).map((m) => m.notificationId)).not.toContain(n.id);
  });

  it('a state audience reaches exactly the members of those states', async () => {
    const goan = await kit.member({ state: 'Goa', type: 'dealer' });
    const n = await kit.ok(await kit.compose({ audience: { kind: 'states', states: ['Goa', 'Kerala'] } }));
    const done = await kit.settled(n.id);
    const want = await kit.expected(`m.state in ('Goa', 'Kerala')`);
    expect(want).toContain(goan.id);
    expect(done.recipients).toBe(want.length);
    expect(await kit.recipients(n.id)).toEqual(want);
  });

  it('an uploaded list: row errors with row numbers, nothing kept without "apply valid rows", then exactly the listed members', async () => {
    const a = await kit.member({ type: 'carpenter' });
    const b = await kit.member({ type: 'retailer' });
    const blocked = await kit.member({ status: 'blocked' });
    const [ma] = await kit.sql('select code, mobile from members where id = $1', [a.id]);
    const [mb] = await kit.sql('select code, mobile from members where id = $1', [b.id]);
    const [mx] = await kit.sql('select code from members where id = $1', [blocked.id]);
    const file = await sheet(
      [
        [String(ma!.code).toLowerCase()],
        [String(mb!.mobile)],
        ['NOPE123'],
        [String(mx!.code)],
        [String(ma!.mobile)],
      ],
      AUDIENCE_UPLOAD_COLUMNS,
    );
    const upload = (query = '') =>
      t.as('marketing', {
        method: 'POST',
        url: `/api/admin/notifications/audience-upload${query}`,
        ...multipartBody('members.xlsx', file),
      });
    const refused = await kit.ok<Record<string, unknown>>(await upload());
    expect(refused).toMatchObject({
      status: 'has_errors',
      uploadId: null,
      rowsTotal: 5,
      rowsValid: 2,
      members: 0,
    });
    expect(refused.errors).toEqual([
      { row: 4, column: AUDIENCE_UPLOAD_COLUMNS[0], message: M.memberUnknown },
      { row: 5, column: AUDIENCE_UPLOAD_COLUMNS[0], message: M.memberInactive },
      { row: 6, column: AUDIENCE_UPLOAD_COLUMNS[0], message: M.memberRepeated(2) },
    ]);
    const report = await t.as('marketing', {
      url: `/api/admin/notifications/audience-upload/errors/${refused.errorReportId}`,
    });
    expect(report.statusCode).toBe(200);
    const reportRows = await readSheet(report.rawPayload);
    expect(reportRows.slice(1).map((r) => r[0])).toEqual([4, 5, 6]);
    // Someone else's error report is not theirs to read.
    expect(
      (
        await t.as('admin', {
          url: `/api/admin/notifications/audience-upload/errors/${refused.errorReportId}`,
        })
      ).statusCode,
    ).toBe(404);

    const kept = await kit.ok<{ uploadId: number; members: number; status: string }>(
      await upload('?applyValid=true'),
    );
    expect(kept).toMatchObject({ status: 'partially_applied', members: 2 });
    // Another staff member cannot send to this list.
    const foreign = await kit.compose({ audience: { kind: 'list', uploadId: kept.uploadId } }, 'admin');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['audience.uploadId']).toBe(M.uploadUnknown);

    const n = await kit.ok(await kit.compose({ audience: { kind: 'list', uploadId: kept.uploadId } }));
    expect(n.audienceSummary).toBe('Uploaded list (2 members)');
    await kit.settled(n.id);
    expect(await kit.recipients(n.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('resumes where it stopped: a process lost after a chunk was stored leaves nobody out and nobody twice', async () => {
    const n = await kit.ok(await kit.compose({ audience: { kind: 'all' }, sendAt: inAnHour() }));
    let chunks = 0;
    const dying = {
      send: async () => {
        if (++chunks === 3) throw new Error('the process died here');
        return 0;
      },
    };
    await expect(fanOut(t.database, n.id, { sender: dying, chunk: 40 })).rejects.toThrow('died');
    const midway = await kit.get(n.id);
    expect(midway.state).toBe('sending');
    expect(midway.recipients).toBeGreaterThan(0);
    const want = await kit.expected('true');
    expect(midway.recipients).toBeLessThan(want.length);

    const result = await fanOut(t.database, n.id, {
      sender: { send: async (b) => b.memberIds.length },
      chunk: 40,
    });
    expect(result).toMatchObject({ resumed: true });
    const done = await kit.get(n.id);
    expect(done).toMatchObject({ state: 'sent', recipients: want.length, expected: want.length });
    expect(await kit.recipients(n.id)).toEqual(want);
    // A repeated run (a stale job) changes nothing.
    expect(await fanOut(t.database, n.id, { sender: dying })).toEqual({ skipped: 'sent' });
  });
});

describe('scheduling and cancelling', () => {
  it('a scheduled notification waits; cancelled, it reaches no one and cannot be cancelled twice', async () => {
    const n = await kit.ok(await kit.compose({ audience: { kind: 'all' }, sendAt: inAnHour() }));
    expect(n.state).toBe('scheduled');
    const cancelled = await kit.ok(
      await t.as('marketing', { method: 'POST', url: `/api/admin/notifications/${n.id}/cancel` }),
    );
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await fanOut(t.database, n.id, { sender: { send: async () => 0 } })).toEqual({
      skipped: 'cancelled',
    });
    expect(await kit.recipients(n.id)).toEqual([]);
    const again = await t.as('marketing', { method: 'POST', url: `/api/admin/notifications/${n.id}/cancel` });
    expect(again.statusCode).toBe(409);
    const [entry] = await kit.sql(
      "select action, after from audit_log where entity = 'notification' and entity_id = $1 and action = 'notification.cancelled'",
      [String(n.id)],
    );
    expect(entry).toMatchObject({ after: { state: 'cancelled' } });
  });

  it('a sent notification cannot be cancelled', async () => {
    const n = await kit.ok(await kit.compose({ audience: { kind: 'types', types: ['dealer'] } }));
    await kit.settled(n.id);
    const res = await t.as('marketing', { method: 'POST', url: `/api/admin/notifications/${n.id}/cancel` });
    expect(res.statusCode).toBe(409);
  });

  it('the due-cron queues a notification whose time has come, and only once', async () => {
    const n = await kit.ok(
      await kit.compose({ audience: { kind: 'states', states: ['Goa'] }, sendAt: inAnHour() }),
    );
    expect(await queueDueNotifications(t.app)).toBe(0);
    await kit.sql("update notifications set send_at = now() - interval '1 second' where id = $1", [n.id]);
    expect(await queueDueNotifications(t.app)).toBe(1);
    expect(await queueDueNotifications(t.app)).toBe(0);
    expect((await kit.settled(n.id)).state).toBe('sent');
  });

  it('refuses a time in the past and bad input with a field message, and creates nothing', async () => {
    const before = await kit.sql('select count(*)::int as n from notifications');
    const past = await kit.compose({ audience: { kind: 'all' }, sendAt: '2020-01-01T10:00:00+05:30' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.sendAt).toBe(M.sendAtPast);
    const noTypes = await kit.compose({ audience: { kind: 'types', types: [] } });
    expect(noTypes.statusCode).toBe(400);
    const noTitle = await kit.compose({ title: '  ', audience: { kind: 'all' } });
    expect(noTitle.statusCode).toBe(400);
    // A rule the service checks answers like one the schema checks: one code for field errors.
    expect(past.json().error).toBe('validation_failed');
    expect(noTitle.json().error).toBe('validation_failed');
    expect(noTitle.json().fields.title).toBe(M.titleRequired);
    const badLink = await kit.compose({ link: 'javascript:alert(1)', audience: { kind: 'all' } });
    expect(badLink.statusCode).toBe(400);
    expect(await kit.sql('select count(*)::int as n from notifications')).toEqual(before);
  });
});

describe('the member inbox', () => {
  it('pages newest first by keyset, counts unread, reads idempotently, and only my own messages', async () => {
    const me = await kit.member({ type: 'architect', state: 'Sikkim' });
    const other = await kit.member({ type: 'architect', state: 'Sikkim' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const n = await kit.ok(
        await kit.compose({ title: `Note ${i}`, audience: { kind: 'states', states: ['Sikkim'] } }),
      );
      await kit.settled(n.id);
      ids.push(n.id);
    }
    const first = (await kit.asMember(me.token, { url: '/api/app/inbox?limit=2' })).json();
    expect(first.items.map((m: { title: string }) => m.title)).toEqual(['Note 4', 'Note 3']);
    const second = (
      await kit.asMember(me.token, { url: `/api/app/inbox?limit=2&cursor=${first.nextCursor}` })
    ).json();
    expect(second.items.map((m: { title: string }) => m.title)).toEqual(['Note 2', 'Note 1']);
    const third = (
      await kit.asMember(me.token, { url: `/api/app/inbox?limit=2&cursor=${second.nextCursor}` })
    ).json();
    expect(third.items.map((m: { title: string }) => m.title)).toEqual(['Note 0']);
    expect(third.nextCursor).toBeNull();
    expect((await kit.asMember(me.token, { url: '/api/app/inbox?cursor=abc' })).statusCode).toBe(400);

    expect((await kit.asMember(me.token, { url: '/api/app/inbox/unread-count' })).json()).toEqual({
      unread: 5,
    });
    const message = first.items[0] as { id: number; notificationId: number };
    for (let i = 0; i < 3; i++) {
      const res = await kit.asMember(me.token, { method: 'POST', url: `/api/app/inbox/${message.id}/read` });
      expect(res.statusCode).toBe(200);
      expect(res.json().readAt).not.toBeNull();
    }
    expect((await kit.asMember(me.token, { url: '/api/app/inbox/unread-count' })).json()).toEqual({
      unread: 4,
    });
    expect((await kit.get(message.notificationId)).read).toBe(1);
    // Someone else's message: not found, and nothing changes.
    const theirs = await kit.asMember(other.token, {
      method: 'POST',
      url: `/api/app/inbox/${message.id}/read`,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await kit.asMember(other.token, { url: '/api/app/inbox/unread-count' })).json()).toEqual({
      unread: 5,
    });
    // A staff token never opens the member inbox.
    expect((await t.as('marketing', { url: '/api/app/inbox' })).statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('refuses roles without the page or the action (403)', async () => {
    const payload = { title: 'x', body: 'y', audience: { kind: 'all' } };
    for (const role of ['finance', 'courier', 'printing']) {
      expect(
        (await t.as(role, { method: 'POST', url: '/api/admin/notifications', payload })).statusCode,
      ).toBe(403);
      expect((await t.as(role, { url: '/api/admin/notifications' })).statusCode).toBe(403);
    }
    const pagesOnly = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/roles',
      payload: {
        name: 'notif_viewer',
        label: 'Viewer',
        permissions: ['group:manage-notification', '/dashboard/notifications'],
      },
    });
    expect(pagesOnly.statusCode, pagesOnly.body).toBe(200);
    const { token } = await staffKit(t).createAccount(
      'almond team',
      'notif-viewer@example.com',
      'notif_viewer',
    );
    expect((await t.as(token, { url: '/api/admin/notifications' })).statusCode).toBe(200);
    expect((await t.as(token, { method: 'POST', url: '/api/admin/notifications', payload })).statusCode).toBe(
      403,
    );
  });
});
