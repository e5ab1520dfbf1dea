import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerMember, smsInbox } from '../members/members.test-kit';
import { messagesTo, settled } from './messages.test-kit';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

describe('step messages', () => {
  it('a registration decision tells the member, in their language, once', async () => {
    const approved = await registerMember(t, inbox);
    const rejected = await registerMember(t, inbox);
    await t.database.executeSql("update members set language = 'hi' where id = $1", [rejected.id]);
    const approve = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/approve',
      payload: { ids: [approved.id] },
    });
    expect(approve.statusCode).toBe(200);
    const reject = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/reject',
      payload: { ids: [rejected.id], reason: 'Duplicate account' },
    });
    expect(reject.statusCode).toBe(200);
    await settled(t, approved.mobile);
    await settled(t, rejected.mobile);
    const [, toApproved] = await messagesTo(t, approved.mobile);
    expect(toApproved).toMatchObject({
      template_key: 'registration.approved',
      language: 'en',
      status: 'sent',
    });
    expect(inbox.sent.filter((m) => m.mobile === approved.mobile).at(-1)!.text).toBe(
      'Dear Ravi Kumar, your Action Tesa registration is approved. Welcome!',
    );
    expect(inbox.sent.filter((m) => m.mobile === rejected.mobile).at(-1)!.text).toBe(
      'प्रिय Ravi Kumar, आपका Action Tesa पंजीकरण स्वीकृत नहीं हुआ। कारण: Duplicate account',
    );
    // Deciding again is refused (wrong state) and adds no message.
    await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/approve',
      payload: { ids: [approved.id] },
    });
    expect(await messagesTo(t, approved.mobile)).toHaveLength(2);
  });
});
