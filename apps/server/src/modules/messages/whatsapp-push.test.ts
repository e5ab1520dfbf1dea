import { createHmac } from 'node:crypto';
import { MESSAGE_LANGUAGES } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createMemberSession } from '../member-auth';
import { asMember, insertTestMember, smsInbox } from '../members/members.test-kit';
import { notificationsKit } from '../notifications/notifications.test-kit';
import {
  type ChannelStandIn,
  serviceAccount,
  startChannelStandIn,
  WHATSAPP_TEST,
} from './channel-stand-ins.test-kit';
import { until } from './messages.test-kit';
import { queueMessage } from './outbox';
import { MESSAGE_EVENTS, MESSAGE_TEXTS, pushTitleAndBody } from './templates.data';

let stand: ChannelStandIn;
let t: TestApp;
beforeAll(async () => {
  stand = await startChannelStandIn();
  t = await createTestApp({
    env: {
      WHATSAPP_TOKEN: WHATSAPP_TEST.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST.phoneNumberId,
      WHATSAPP_BASE_URL: stand.url,
      WHATSAPP_APP_SECRET: WHATSAPP_TEST.appSecret,
      FCM_SERVICE_ACCOUNT: serviceAccount(`${stand.url}/token`),
      FCM_BASE_URL: stand.url,
      MESSAGES_RETRY_BASE_SECONDS: '0',
    },
  });
  smsInbox(t);
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const rows = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;
const member = async (values: Parameters<typeof insertTestMember>[1] = {}) => {
  const id = await insertTestMember(t.database.db, values);
  const mobile = String((await rows('select mobile from members where id = $1', [id]))[0]!.mobile);
  return { id, mobile, token: await createMemberSession(t.database.db, id) };
};
/** The member's message on a channel once it left (sent), waiting for the worker's update. */
const sentRow = async (memberId: number, channel: string) => {
  let row: Record<string, unknown> | undefined;
  await vi.waitFor(
    async () => {
      [row] = await rows('select * from member_messages where member_id = $1 and channel = $2', [
        memberId,
        channel,
      ]);
      if (row?.status !== 'sent') throw new Error(`${channel} message: ${row?.status ?? 'none'}`);
    },
    { timeout: 60_000, interval: 50 },
  );
  return row!;
};
const settings = (token: string, payload: object) =>
  asMember(t, token, { method: 'PATCH', url: '/api/app/messaging', payload });
const webhook = (payload: object, secret = WHATSAPP_TEST.appSecret) => {
  const raw = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/receipts/whatsapp',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
    },
    payload: raw,
  });
};
const statusOf = (wamid: string, status: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '1',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            statuses: [{ id: wamid, status, timestamp: '1700000000', recipient_id: '919800000000' }],
          },
        },
      ],
    },
  ],
});

describe('WhatsApp Business Cloud API', () => {
  it('an opted-in member gets step messages as templates; signed statuses update the outbox, a wrong signature is 401', async () => {
    const m = await member({ status: 'pending', language: 'hi' });
    const refused = await settings(m.token, { whatsappOptIn: 'yes' });
    expect(refused.statusCode).toBe(400);
    const opted = await settings(m.token, { whatsappOptIn: true });
    expect(opted.statusCode, opted.body).toBe(200);
    expect(opted.json()).toMatchObject({ whatsappOptIn: true, promotionsMuted: false, language: 'hi' });
    const approve = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/approve',
      payload: { ids: [m.id] },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await until(() => stand.requests.some((r) => r.body.to === `91${m.mobile}`));
    const sent = stand.requests.find((r) => r.body.to === `91${m.mobile}`)!;
    expect(sent.headers.authorization).toBe(`Bearer ${WHATSAPP_TEST.token}`);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: {
        name: 'registration_approved',
        language: { code: 'hi' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: expect.stringContaining('Test member') }] },
        ],
      },
    });
    const row = await sentRow(m.id, 'whatsapp');
    expect(row).toMatchObject({ status: 'sent', provider: 'whatsapp' });
    const wamid = String(row!.provider_message_id);

    const forged = await webhook(statusOf(wamid, 'delivered'), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/messages/receipts/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(statusOf(wamid, 'delivered')),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await rows('select status from member_messages where id = $1', [row!.id]))[0]!.status).toBe(
      'sent',
    );

    const delivered = await webhook(statusOf(wamid, 'read'));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ updated: 1 });
    expect((await rows('select status from member_messages where id = $1', [row!.id]))[0]!.status).toBe(
      'delivered',
    );
    // The SMS went too: WhatsApp is in addition, never instead.
    expect(
      await rows("select 1 from member_messages where member_id = $1 and channel = 'sms'", [m.id]),
    ).toHaveLength(1);
  });

  it('a member who did not opt in gets no WhatsApp message', async () => {
    const m = await member({ status: 'pending' });
    await t.as('cs', { method: 'POST', url: '/api/admin/pending-users/approve', payload: { ids: [m.id] } });
    expect(
      await rows("select 1 from member_messages where member_id = $1 and channel = 'whatsapp'", [m.id]),
    ).toHaveLength(0);
  });
});

describe('push through FCM HTTP v1', () => {
  it('devices register; the fan-out pushes through the outbox with a cached OAuth token; a dead token is dropped; a muted member gets none', async () => {
    const kit = notificationsKit(t);
    const a = await member({ type: 'architect' });
    const muted = await member({ type: 'architect' });
    const good = `fcm-good-${a.id}-${'x'.repeat(40)}`;
    const dead = `fcm-dead-${a.id}-${'y'.repeat(40)}`;
    stand.deadTokens.add(dead);
    for (const token of [good, dead]) {
      const res = await asMember(t, a.token, {
        method: 'POST',
        url: '/api/app/devices',
        payload: { token, platform: 'android' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bad = await asMember(t, a.token, {
      method: 'POST',
      url: '/api/app/devices',
      payload: { token: 'x', platform: 'nokia' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('token');
    await asMember(t, muted.token, {
      method: 'POST',
      url: '/api/app/devices',
      payload: { token: `fcm-muted-${muted.id}-${'z'.repeat(40)}`, platform: 'ios' },
    });
    expect((await settings(muted.token, { promotionsMuted: true })).json()).toMatchObject({
      promotionsMuted: true,
      devices: 1,
    });

    const n = await kit.ok(
      await kit.compose({
        title: 'Monsoon offer',
        body: 'Double points this week',
        audience: { kind: 'types', types: ['architect'] },
      }),
    );
    await kit.settled(n.id);
    const pushes = () => stand.requests.filter((r) => r.path.endsWith('/messages:send'));
    await until(() => pushes().filter((r) => JSON.stringify(r.body).includes(a.id.toString())).length >= 2);
    const toGood = pushes().find((r) => (r.body.message as { token: string }).token === good)!;
    expect(toGood.body.message).toMatchObject({
      token: good,
      notification: { title: 'Monsoon offer', body: 'Monsoon offer: Double points this week' },
    });
    expect(toGood.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(stand.tokensIssued).toBe(1);
    const row = await sentRow(a.id, 'push');
    expect(row).toMatchObject({ status: 'sent', provider: 'fcm', priority: 9 });
    expect(
      (await rows('select token from member_devices where member_id = $1', [a.id])).map((r) => r.token),
    ).toEqual([good]);
    expect(
      await rows("select 1 from member_messages where member_id = $1 and channel = 'push'", [muted.id]),
    ).toHaveLength(0);
    // A promotional message queued for the muted member is refused; a transactional one still goes.
    await t.database.db.transaction(async (tx) => {
      expect(
        await queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'notification',
          to: muted.mobile,
          memberId: muted.id,
          variables: { title: 'x', message: 'y' },
          cause: { kind: 'test', id: muted.id },
        }),
      ).toBeNull();
      expect(
        await queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'kyc.approved',
          to: muted.mobile,
          memberId: muted.id,
          variables: { name: 'M' },
          cause: { kind: 'test', id: muted.id },
        }),
      ).not.toBeNull();
    });
  });

  it('step messages also go to push where the member has a device: en + hi titles, once per cause and channel, a promotional mute does not hold them back', async () => {
    const hi = await member({ status: 'pending', language: 'hi' });
    const en = await member({ status: 'pending' });
    const none = await member({ status: 'pending' });
    const tokenOf = (m: { id: number }) => `fcm-step-${m.id}-${'s'.repeat(40)}`;
    for (const m of [hi, en]) {
      const res = await asMember(t, m.token, {
        method: 'POST',
        url: '/api/app/devices',
        payload: { token: tokenOf(m), platform: 'android' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await settings(hi.token, { promotionsMuted: true })).statusCode).toBe(200);
    const approve = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/pending-users/approve',
      payload: { ids: [hi.id, en.id, none.id] },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const pushTo = (m: { id: number }) =>
      stand.requests.filter(
        (r) =>
          r.path.endsWith('/messages:send') && (r.body.message as { token: string }).token === tokenOf(m),
      );
    await until(() => pushTo(hi).length > 0 && pushTo(en).length > 0);
    expect(pushTo(hi)[0]!.body.message).toMatchObject({
      notification: {
        title: 'पंजीकरण स्वीकृत',
        body: expect.stringMatching(
          /^प्रिय Test member .*, आपका Action Tesa पंजीकरण स्वीकृत हो गया है। स्वागत है!$/,
        ),
      },
      data: { event: 'registration.approved' },
    });
    expect(pushTo(en)[0]!.body.message).toMatchObject({
      notification: {
        title: 'Registration approved',
        body: expect.stringMatching(
          /^Dear Test member .*, your Action Tesa registration is approved\. Welcome!$/,
        ),
      },
    });
    const row = await sentRow(hi.id, 'push');
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'fcm',
      priority: 5,
      recipient: String(hi.id),
      template_key: 'registration.approved',
      language: 'hi',
    });
    // From the same step as the SMS: one row per channel; none by push without a device.
    const channels = async (m: { id: number }) =>
      (await rows('select channel from member_messages where member_id = $1 order by channel', [m.id])).map(
        (r) => r.channel,
      );
    expect(await channels(hi)).toEqual(['push', 'sms']);
    expect(await channels(none)).toEqual(['sms']);
    // Deciding again is refused and queues nothing more on any channel.
    await t.as('cs', { method: 'POST', url: '/api/admin/pending-users/approve', payload: { ids: [hi.id] } });
    expect(await channels(hi)).toEqual(['push', 'sms']);
    expect(pushTo(hi)).toHaveLength(1);
  });

  it('every step event has a push title and body in every language; an e-voucher push shows no code or PIN', () => {
    const steps = Object.keys(MESSAGE_EVENTS).filter((key) => key !== 'otp' && key !== 'notification');
    for (const key of steps)
      for (const language of MESSAGE_LANGUAGES) {
        const text = MESSAGE_TEXTS.find(
          (m) => m.key === key && m.channel === 'push' && m.language === language,
        );
        const { title, body } = pushTitleAndBody(text!.body, '-');
        expect(title, `${key} ${language}`).not.toBe('-');
        expect(body.length, `${key} ${language}`).toBeGreaterThan(0);
        if (language === 'hi') expect(`${title} ${body}`, key).toMatch(/[\u0900-\u097F]/);
      }
    const voucher = MESSAGE_TEXTS.filter((m) => m.key === 'voucher.issued' && m.channel === 'push');
    expect(voucher).toHaveLength(MESSAGE_LANGUAGES.length);
    for (const m of voucher) expect(m.body).not.toMatch(/\{(code|pin)\}/);
  });

  it('one-time codes jump the queue: claimed before promotional messages queued earlier', async () => {
    await t.app.outbox.stop();
    const m = await member();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++)
        await queueMessage(t.app, tx, {
          channel: 'sms',
          templateKey: 'notification',
          to: m.mobile,
          memberId: m.id,
          variables: { title: 't', message: `m${i}` },
          cause: { kind: 'order-test', id: i },
        });
      await queueMessage(t.app, tx, {
        channel: 'sms',
        templateKey: 'otp',
        to: m.mobile,
        memberId: m.id,
        variables: { code: '123456', minutes: 5 },
        cause: { kind: 'order-test', id: 'otp' },
      });
    });
    expect(await t.app.outbox.runOnce(1)).toBe(1);
    const claimed = await rows(
      "select template_key from member_messages where cause_kind = 'order-test' and status <> 'queued'",
    );
    expect(claimed).toEqual([{ template_key: 'otp' }]);
  });
});
