import { WEBHOOK_EVENTS, type WebhookEventType } from '@app/contract/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { encryptText } from '../../lib/field-crypto';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { insertTestMember } from '../members/members.test-kit';
import { MAX_ATTEMPTS, retryDelaySeconds } from './delivery-worker';
import { verifyWebhook } from './receiver.example';
import { firstArrivalsByMember, startReceiver } from './receiver-stand-in.test-kit';
import { newWebhookSecret, WebhookSigner } from './signing';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
// The worker is driven by hand here (runOnce), so that each test decides when deliveries go.
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: '0' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const sql = async (text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

async function subscribe(eventTypes: WebhookEventType[], url = receiver.url) {
  const res = await t.as('almond team', {
    method: 'POST',
    url: '/api/admin/webhooks',
    payload: { url, description: 'CRM', eventTypes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string; ownerId: number };
}

/** Switches every subscription off, so each test sees only its own deliveries. */
const quiet = () => sql('update webhook_subscriptions set active = false');

/** Runs the worker until nothing is due. */
async function drain() {
  for (let i = 0; i < 200; i++) if ((await t.app.webhooks.runOnce(64)) === 0) return;
  throw new Error('the worker never ran dry');
}

const record = (type: WebhookEventType, memberId: number | null, data: object) =>
  sql('select record_webhook_event($1, $2, $3::jsonb)', [type, memberId, JSON.stringify(data)]);

describe('subscriptions', () => {
  it('are made with an action (403 without it), audited, and answer their whsec_ secret once', async () => {
    const refused = await t.as('finance', {
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: receiver.url, eventTypes: ['member.registered'] },
    });
    expect(refused.statusCode).toBe(403);
    const made = await subscribe(['member.registered']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [audit] = await sql(
      `select actor_id, after from audit_log where entity = 'webhook_subscription' and entity_id = $1
        and action = 'webhook_subscription.created'`,
      [String(made.id)],
    );
    expect(audit!.after).toMatchObject({ url: receiver.url, eventTypes: ['member.registered'] });
    expect(audit!.actor_id).toBe(made.ownerId);
    const [stored] = await sql('select secret from webhook_subscriptions where id = $1', [made.id]);
    expect(String(stored!.secret)).not.toContain(made.secret.slice(6));
    const list = await t.as('cs', { method: 'GET', url: '/api/admin/webhooks' });
    expect(list.json().rows.find((r: { id: number }) => r.id === made.id)).not.toHaveProperty('secret');
  });

  it('refuse bad input naming the field, and change nothing', async () => {
    const before = await sql('select count(*)::int as n from webhook_subscriptions');
    for (const payload of [
      { url: 'not a url', eventTypes: ['member.registered'] },
      { url: receiver.url, eventTypes: [] },
      { url: receiver.url, eventTypes: ['member.exploded'] },
      { url: 'ftp://example.com/x', eventTypes: ['member.registered'] },
    ]) {
      const res = await t.as('almond team', { method: 'POST', url: '/api/admin/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join()).toMatch(/url|eventTypes/);
    }
    expect(await sql('select count(*)::int as n from webhook_subscriptions')).toEqual(before);
  });
});

describe('events', () => {
  it('are recorded in the transaction of the change, only when a subscription wants them, with valid data', async () => {
    await quiet();
    const product = await couponsKit(t).product(10);
    const unwanted = await activeCodes(t, product.id, 1);
    const member = await memberWithToken(t);
    expect((await scanAs(t, member.token, { code: unwanted[0] })).json().result).toBe('success');
    expect(await sql(`select count(*)::int as n from webhook_events where type = 'scan.credited'`)).toEqual([
      { n: 0 },
    ]);

    const { id } = await subscribe([
      'scan.credited',
      'coupon_batch.generated',
      'invoice.allocated',
      'member.blocked',
    ]);
    const codes = await activeCodes(t, product.id, 2);
    for (const code of codes) expect((await scanAs(t, member.token, { code })).json().result).toBe('success');
    const pending = await insertTestMember(t.database.db, { status: 'approved' });
    const blocked = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/users/${pending}/block`,
      payload: { reason: 'Shared codes' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    // A refused change records nothing: the member is blocked already.
    await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/users/${pending}/block`,
      payload: { reason: 'x' },
    });

    const events = await sql(
      `select e.type, e.member_id, e.data from webhook_events e join webhook_deliveries d on d.event_id = e.id
        where d.subscription_id = $1 order by e.id`,
      [id],
    );
    expect(events.map((e) => e.type)).toEqual([
      'coupon_batch.generated',
      'invoice.allocated',
      'scan.credited',
      'scan.credited',
      'member.blocked',
    ]);
    for (const e of events) WEBHOOK_EVENTS[e.type as WebhookEventType].data.parse(e.data);
    expect(events[2]!.data).toMatchObject({ memberId: member.id, points: 10 });
    expect(events[4]!.data).toMatchObject({ memberId: pending, reason: 'Shared codes' });

    await drain();
    // Each member's events in order; different members' may cross.
    const got = receiver.received.filter((r) => events.some((e) => e.type === r.event.type));
    expect(got.map((r) => r.event.type).sort()).toEqual(events.map((e) => e.type).sort());
    expect(got.filter((r) => r.event.data.memberId === member.id)).toHaveLength(2);
  });
});

describe('signatures (the documented receiver code)', () => {
  it('a delivery verifies; a forged, a stale and a replayed one fail', async () => {
    await quiet();
    const { secret } = await subscribe(['member.approved']);
    await record('member.approved', 1, { memberId: 1, memberCode: 'M000001', reason: null });
    const from = receiver.received.length;
    await drain();
    const delivery = receiver.received[from]!;
    const seen = new Set<string>();
    expect(verifyWebhook(secret, delivery.body, delivery.headers, seen)).toMatchObject({
      ok: true,
      event: { type: 'member.approved', data: { memberId: 1 } },
    });
    // Replayed: the same request again.
    expect(verifyWebhook(secret, delivery.body, delivery.headers, seen)).toEqual({
      ok: false,
      reason: 'already processed',
    });
    // Forged: another body under the same headers, or signed with another secret.
    const forgedBody = delivery.body.replace('"memberId":1', '"memberId":2');
    expect(verifyWebhook(secret, forgedBody, delivery.headers, new Set()).ok).toBe(false);
    const other = new WebhookSigner(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw']).headers(
      delivery.id,
      delivery.body,
    );
    expect(verifyWebhook(secret, delivery.body, { ...other }, new Set()).ok).toBe(false);
    // Stale: correctly signed, six minutes ago.
    const stale = new WebhookSigner([secret]).headers(
      delivery.id,
      delivery.body,
      new Date(Date.now() - 6 * 60_000),
    );
    expect(verifyWebhook(secret, delivery.body, { ...stale }, new Set())).toMatchObject({ ok: false });
  });

  it('after a rotation, both secrets verify during the overlap (two signatures), only the new one after', async () => {
    await quiet();
    const { id, secret: old } = await subscribe(['member.approved']);
    const rotated = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/webhooks/${id}/rotate-secret`,
      payload: { overlapHours: 24 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(old);
    await record('member.approved', 2, { memberId: 2, memberCode: 'M000002', reason: null });
    const from = receiver.received.length;
    await drain();
    const during = receiver.received[from]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWebhook(old, during.body, during.headers, new Set()).ok).toBe(true);
    expect(verifyWebhook(fresh, during.body, during.headers, new Set()).ok).toBe(true);

    await sql(
      `update webhook_subscriptions set previous_secret_until = now() - interval '1 second',
      updated_at = now() where id = $1`,
      [id],
    );
    await record('member.approved', 3, { memberId: 3, memberCode: 'M000003', reason: null });
    await drain();
    const after = receiver.received.at(-1)!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifyWebhook(old, after.body, after.headers, new Set()).ok).toBe(false);
    expect(verifyWebhook(fresh, after.body, after.headers, new Set()).ok).toBe(true);
  });
});

/** Moves the clock of the queue and of the subscriptions' failures `seconds` on. */
const passTime = (seconds: number) =>
  Promise.all([
    sql(
      `update webhook_deliveries set next_attempt_at = next_attempt_at - make_interval(secs => $1)
          where status = 'queued'`,
      [seconds],
    ),
    sql(
      `update webhook_subscriptions set failing_since = failing_since - make_interval(secs => $1)
          where failing_since is not null`,
      [seconds],
    ),
  ]);

describe('a receiver down', () => {
  it('for an hour gets every event once it is back, once each, in order per member', async () => {
    await quiet();
    const subs = [
      await subscribe(['points.expired'], `${receiver.url}?sub=1`),
      await subscribe(['points.expired'], `${receiver.url}?sub=2`),
    ];
    const members = [101, 102, 103];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const memberId = members[i % 3]!;
      await record('points.expired', memberId, { memberId, points: i + 1, balance: 100 - i });
      const [e] = await sql('select event_id from webhook_events order by id desc limit 1');
      ids.push(String(e!.event_id));
    }
    receiver.setDown(true);
    const from = receiver.received.length;
    let elapsed = 0;
    for (let attempt = 1; elapsed < 3600; attempt++) {
      // Only each member's first event is tried: the others wait behind it.
      expect(await t.app.webhooks.runOnce(64)).toBe(subs.length * members.length);
      const delay = retryDelaySeconds(attempt);
      await passTime(delay);
      elapsed += delay;
    }
    expect(receiver.received.length).toBe(from);
    const [state] = await sql(
      `select count(*) filter (where status = 'queued')::int as queued, max(attempts)::int as attempts
         from webhook_deliveries where subscription_id = any($1)`,
      [subs.map((s) => s.id)],
    );
    expect(state).toMatchObject({ queued: 24 });
    expect(state!.attempts).toBeLessThan(MAX_ATTEMPTS);

    receiver.setDown(false);
    await drain();
    const got = receiver.received.slice(from);
    expect(got).toHaveLength(24);
    for (const sub of ['/hooks?sub=1', '/hooks?sub=2']) {
      const mine = got.filter((r) => r.path === sub);
      // Every event once, and each member's in the order they happened.
      expect(mine.map((r) => r.id).sort()).toEqual([...ids].sort());
      for (const [memberId, arrived] of firstArrivalsByMember(mine))
        expect(arrived).toEqual(ids.filter((_, i) => members[i % 3] === memberId));
    }
  });

  it('for longer than the configured time switches its subscription off, tells its owner; back on, it resumes', async () => {
    await quiet();
    const { id, ownerId } = await subscribe(['points.expired']);
    await record('points.expired', 201, { memberId: 201, points: 5, balance: 0 });
    receiver.setDown(true);
    await t.app.webhooks.runOnce(64);
    await passTime(25 * 3600);
    await t.app.webhooks.runOnce(64);
    const [sub] = await sql('select active, disabled_reason from webhook_subscriptions where id = $1', [id]);
    expect(sub!.active).toBe(false);
    expect(String(sub!.disabled_reason)).toMatch(
      /^Switched off: every delivery failed since .* IST \(last: the receiver answered 503\)$/,
    );
    const [told] = await sql(
      `select after from audit_log where action = 'webhook_subscription.disabled' and entity_id = $1`,
      [String(id)],
    );
    expect(told!.after).toMatchObject({ ownerId, active: false });
    const listed = await t.as('almond team', {
      method: 'GET',
      url: `/api/admin/webhooks?filter=${encodeURIComponent(JSON.stringify({ active: false }))}`,
    });
    expect(listed.json().rows.find((r: { id: number }) => r.id === id).disabledReason).toMatch(
      /Switched off/,
    );

    receiver.setDown(false);
    const from = receiver.received.length;
    await drain();
    expect(receiver.received.length).toBe(from);
    const on = await t.as('almond team', {
      method: 'PUT',
      url: `/api/admin/webhooks/${id}`,
      payload: { url: receiver.url, eventTypes: ['points.expired'], active: true },
    });
    expect(on.json()).toMatchObject({ active: true, failingSince: null, disabledReason: null });
    await passTime(36_000);
    await drain();
    expect(receiver.received.slice(from).map((r) => r.event.data.memberId)).toEqual([201]);
  });
});

describe('the delivery log', () => {
  it('shows status, answer, latency and attempts, filtered; a test event and a replay go through it', async () => {
    await quiet();
    const { id } = await subscribe(['member.registered']);
    const test = await t.as('almond team', { method: 'POST', url: `/api/admin/webhooks/${id}/test` });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ subscriptionId: id, eventType: 'webhook.test', status: 'queued' });
    await drain();
    const filter = encodeURIComponent(JSON.stringify({ subscriptionId: id, status: 'delivered' }));
    const log = await t.as('cs', { method: 'GET', url: `/api/admin/webhook-deliveries?filter=${filter}` });
    expect(log.statusCode, log.body).toBe(200);
    const [row] = log.json().rows;
    expect(row).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      responseStatus: 204,
      attempts: 1,
    });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);

    const from = receiver.received.length;
    expect(
      (await t.as('finance', { method: 'POST', url: `/api/admin/webhook-deliveries/${row.id}/replay` }))
        .statusCode,
    ).toBe(403);
    const replay = await t.as('almond team', {
      method: 'POST',
      url: `/api/admin/webhook-deliveries/${row.id}/replay`,
    });
    expect(replay.json()).toMatchObject({ status: 'queued', eventId: row.eventId });
    await drain();
    expect(receiver.received.slice(from).map((r) => r.id)).toEqual([row.eventId]);
    const [audited] = await sql(
      `select count(*)::int as n from audit_log where action = 'webhook_delivery.replayed'`,
    );
    expect(audited!.n).toBe(1);
  });
});

describe('server-side request forgery', () => {
  it('a URL on a private address is refused unless configured; a delivery re-checks at connect time', async () => {
    const strict = await createTestApp({ env: { JOBS: '0', WEBHOOKS_ALLOW_PRIVATE: '0' } });
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://localhost/x',
        'http://169.254.169.254/latest',
        'http://10.1.2.3/',
        'http://[::ffff:192.168.0.1]/',
      ]) {
        const res = await strict.as('almond team', {
          method: 'POST',
          url: '/api/admin/webhooks',
          payload: { url, eventTypes: ['member.registered'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields.url, url).toMatch(
          /is not allowed \(.* is a (loopback|linkLocal|private) address\)/,
        );
      }
      // Saved when it was allowed (or pointed elsewhere by DNS since): the delivery refuses to connect.
      await strict.database.executeSql(
        `insert into webhook_subscriptions (url, event_types, secret) values ($1, '{member.approved}', $2)`,
        [`http://localhost:${receiver.port}/hooks`, encryptText(strict.app.config, newWebhookSecret())],
      );
      await strict.database.executeSql(`select record_webhook_event('member.approved', 9, '{}'::jsonb)`);
      const from = receiver.received.length;
      expect(await strict.app.webhooks.runOnce(8)).toBe(1);
      expect(receiver.received.length).toBe(from);
      const { rows } = await strict.database.executeSql('select status, error from webhook_deliveries');
      expect(rows).toEqual([
        {
          status: 'queued',
          error: expect.stringMatching(/^localhost is not allowed \(.* is a loopback address\)$/),
        },
      ]);
    } finally {
      await strict.close();
    }
  });
});
