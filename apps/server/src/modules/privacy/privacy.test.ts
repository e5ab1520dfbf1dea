import { todayInIndia } from '@app/contract/format';
import { PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION } from '@app/contract/privacy';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decryptText } from '../../lib/field-crypto';
import { asMember, freshMobile, registerMember, registration, smsInbox } from '../members/members.test-kit';
import { queueMessage, queueStepMessages } from '../messages';
import { runDueErasures, scheduleDormantErasures } from './retention.service';

let t: TestApp;
let inbox: ReturnType<typeof smsInbox>;
beforeAll(async () => {
  t = await createTestApp();
  inbox = smsInbox(t);
});
afterAll(() => t.close());

const sqlRows = async (text: string, values: unknown[] = []) =>
  (await t.database.executeSql(text, values)).rows as Record<string, unknown>[];

/** A marketing message (a staff notification) to the member, as the fan-out and the outbox queue it. */
const queueMarketing = (memberId: number, mobile: string, n: string) =>
  t.database.db.transaction(async (tx) => ({
    one: await queueMessage(t.app, tx, {
      channel: 'sms',
      templateKey: 'notification',
      to: mobile,
      memberId,
      variables: { title: 'Offer', message: 'Double points' },
      cause: { kind: 'notification', id: `one-${n}` },
    }),
    step: (
      await queueStepMessages(tx, 'notification', [
        {
          memberId,
          variables: { title: 'Offer', message: 'x' },
          cause: { kind: 'notification', id: `s-${n}` },
        },
      ])
    )[0],
  }));

describe('notice and consent', () => {
  it('records each purpose with the notice version, time, channel and language at registration', async () => {
    const { id, token } = await registerMember(t, inbox, {
      consent: {
        noticeVersion: PRIVACY_NOTICE_VERSION,
        language: 'hi',
        choices: { necessary: true, marketing: false },
      },
    });
    const rows = await sqlRows(
      `select purpose, granted, notice_version, channel, language, given_at is not null as timed
         from privacy_consents where member_id = $1 order by purpose`,
      [id],
    );
    expect(rows).toEqual(
      ['fraud_location', 'kyc_payouts', 'marketing', 'membership', 'tax'].map((purpose) => ({
        purpose,
        granted: purpose !== 'marketing',
        notice_version: PRIVACY_NOTICE_VERSION,
        channel: 'app',
        language: 'hi',
        timed: true,
      })),
    );
    const state = (await asMember(t, token, { url: '/api/app/privacy/consent' })).json();
    expect(state.noticeNeeded).toBe(false);
    expect(state.purposes.find((p: { purpose: string }) => p.purpose === 'marketing').granted).toBe(false);
    // A new notice version asks again at the next app open.
    await t.database.executeSql(
      "update privacy_consents set notice_version = '2020-01' where member_id = $1",
      [id],
    );
    expect((await asMember(t, token, { url: '/api/app/privacy/consent' })).json().noticeNeeded).toBe(true);
  });

  it('refuses registration without the necessary purposes, naming the field, and creates nothing', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/register',
      payload: registration(mobile, code, {
        consent: {
          noticeVersion: PRIVACY_NOTICE_VERSION,
          language: 'en',
          choices: { necessary: false, marketing: true },
        },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'consent.choices.necessary': PRIVACY_MESSAGES.necessary });
    expect(await sqlRows('select id from members where mobile = $1', [mobile])).toEqual([]);
  });

  it('refuses a member under 18 by date of birth with a clear message', async () => {
    const mobile = freshMobile();
    const code = await inbox.requestCode(mobile);
    const today = todayInIndia();
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/register',
      payload: registration(mobile, code, { dateOfBirth: seventeen }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ dateOfBirth: PRIVACY_MESSAGES.underAge });
    expect(await sqlRows('select id from members where mobile = $1', [mobile])).toEqual([]);
  });

  it('a withdrawal of marketing stops marketing messages at once, those already queued included', async () => {
    const { id, mobile, token } = await registerMember(t, inbox);
    const before = await queueMarketing(id, mobile, 'a');
    expect(before.one).not.toBeNull();
    expect(before.step).not.toBeNull();
    await t.app.outbox.stop();
    try {
      const queued = await queueMarketing(id, mobile, 'b');
      const res = await asMember(t, token, {
        method: 'POST',
        url: '/api/app/privacy/withdraw',
        payload: { purpose: 'marketing' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().purposes.find((p: { purpose: string }) => p.purpose === 'marketing').granted).toBe(
        false,
      );
      expect(await queueMarketing(id, mobile, 'c')).toEqual({ one: null, step: null });
      // What was queued before the withdrawal is refused when the worker picks it up.
      await t.app.outbox.runOnce(100);
      const [sent] = await sqlRows('select status, error from member_messages where id = $1', [
        queued.one!.id,
      ]);
      expect(sent).toMatchObject({ status: 'failed' });
      expect(String(sent!.error)).toMatch(/promotional/);
    } finally {
      t.app.outbox.start();
    }
    // Transactional messages still go; the member is still a member.
    const [member] = await sqlRows('select status from members where id = $1', [id]);
    expect(member!.status).toBe('pending');
  });

  it('withdrawing a necessary purpose ends the membership through a closure on the staff queue', async () => {
    const { id, token } = await registerMember(t, inbox);
    await asMember(t, token, {
      method: 'POST',
      url: '/api/app/privacy/withdraw',
      payload: { purpose: 'fraud_location' },
    });
    const [member] = await sqlRows('select status from members where id = $1', [id]);
    expect(member!.status).toBe('blocked');
    const queue = await t.as('cs', {
      url: `/api/admin/privacy/requests?filter=${encodeURIComponent(JSON.stringify({ memberId: id }))}`,
    });
    const [closure] = queue.json().rows;
    expect(closure).toMatchObject({ kind: 'closure', status: 'open' });
    const tax = await asMember(t, token, {
      method: 'POST',
      url: '/api/app/privacy/withdraw',
      payload: { purpose: 'tax' },
    });
    expect(tax.json().fields).toEqual({ purpose: PRIVACY_MESSAGES.legal });
    const settled = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/privacy/requests/${closure.id}/decide`,
      payload: { result: 'done', outcome: 'Membership closed', balance: 'settled' },
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ status: 'done', handledByName: expect.any(String) });
  });
});

describe('rights', () => {
  it('a request is answered by staff, with a deadline and the outcome told in the member language', async () => {
    const { id, token } = await registerMember(t, inbox, {
      consent: {
        noticeVersion: PRIVACY_NOTICE_VERSION,
        language: 'hi',
        choices: { necessary: true, marketing: true },
      },
    });
    await asMember(t, token, { method: 'PATCH', url: '/api/app/profile', payload: { language: 'hi' } });
    const asked = await asMember(t, token, {
      method: 'POST',
      url: '/api/app/privacy/requests',
      payload: { kind: 'nomination', nomineeName: 'Sunita Kumar', nomineeMobile: '9812345678' },
    });
    expect(asked.statusCode).toBe(200);
    const request = asked.json();
    expect(Date.parse(request.dueAt) - Date.parse(request.createdAt)).toBe(30 * 86_400_000);
    const bad = await asMember(t, token, {
      method: 'POST',
      url: '/api/app/privacy/requests',
      payload: { kind: 'nomination' },
    });
    expect(bad.json().fields.nomineeName).toBe(PRIVACY_MESSAGES.nominee);

    const forbidden = await t.as('marketing', {
      method: 'POST',
      url: `/api/admin/privacy/requests/${request.id}/decide`,
      payload: { result: 'done', outcome: 'Recorded' },
    });
    expect(forbidden.statusCode).toBe(403);
    const done = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/privacy/requests/${request.id}/decide`,
      payload: { result: 'done', outcome: 'Nominee recorded' },
    });
    expect(done.json()).toMatchObject({ status: 'done', outcome: 'Nominee recorded' });
    const [message] = await sqlRows(
      `select language, variables->>'reference' as reference from member_messages
        where member_id = $1 and template_key = 'privacy.done' and channel = 'sms'`,
      [id],
    );
    expect(message).toEqual({ language: 'hi', reference: `PR${request.id}` });
    const mine = (await asMember(t, token, { url: '/api/app/privacy/requests' })).json().rows;
    expect(mine[0]).toMatchObject({ id: request.id, outcome: 'Nominee recorded' });
    const [entry] = await sqlRows(
      "select actor_id from audit_log where action = 'privacy.request.done' and entity_id = $1",
      [String(request.id)],
    );
    expect(entry!.actor_id).not.toBeNull();
  });

  it("the access download holds every row of the member's data, as the database has it", async () => {
    // The demo member with the most kinds of data: scans, ledger, KYC, redemptions.
    const [busiest] = await sqlRows(`select m.id from members m
      where exists (select 1 from redemptions r where r.member_id = m.id)
        and exists (select 1 from kyc_submissions k where k.member_id = m.id)
      order by (select count(*) from coupon_scans s where s.member_id = m.id) desc limit 1`);
    const memberId = Number(busiest!.id);
    const [{ token }] = await signInAs(memberId);
    const res = await asMember(t, token, { url: '/api/app/privacy/export.json' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json() as { tables: Record<string, { id?: unknown }[]> };
    // Every table of the catalogue with a member column, found here independently of the export.
    const tables = await sqlRows(`select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and column_name in ('member_id', 'owner_member_id')`);
    expect(tables.length).toBeGreaterThan(15);
    let compared = 0;
    for (const { t: table, c: column } of tables) {
      const rows = await sqlRows(`select count(*)::int as n from "${table}" where "${column}" = $1`, [
        memberId,
      ]);
      expect(data.tables[table as string]?.length ?? -1, `${table}`).toBe(Number(rows[0]!.n));
      compared += Number(rows[0]!.n);
    }
    expect(compared).toBeGreaterThan(10);
    // The member's own row, value for value, as the database answers it.
    const { rows: member } = await t.database.db.execute(sql`select * from members where id = ${memberId}`);
    expect(data.tables.members).toEqual(JSON.parse(JSON.stringify(member)));
    const ledger = await sqlRows('select id::int from points_ledger where member_id = $1 order by id', [
      memberId,
    ]);
    expect(data.tables.points_ledger!.map((r) => Number(r.id))).toEqual(ledger.map((r) => Number(r.id)));
    const pdf = await asMember(t, token, { url: '/api/app/privacy/export.pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

/** A session for a demo member (seeded members have none): through the sign-in code. */
async function signInAs(memberId: number) {
  const [m] = await sqlRows('select mobile from members where id = $1', [memberId]);
  const mobile = String(m!.mobile);
  const code = await inbox.requestCode(mobile);
  const res = await t.app.inject({ method: 'POST', url: '/api/app/login', payload: { mobile, code } });
  expect(res.statusCode, res.body).toBe(200);
  return [{ token: res.json().token as string, mobile }] as const;
}

describe('erasure', () => {
  it('leaves no personal value in any table nor file, and the ledger and TDS totals as they were', async () => {
    const [target] = await sqlRows(`select m.id, m.mobile, k.pan_cipher, k.account_cipher, k.upi_id
      from members m join kyc_submissions k on k.member_id = m.id
      where exists (select 1 from redemptions r where r.member_id = m.id and r.tds_paise > 0)
      order by m.id limit 1`);
    expect(target, 'a demo member with KYC and TDS').toBeDefined();
    const memberId = Number(target!.id);
    const mobile = String(target!.mobile);
    const pan = decryptText(t.app.config, String(target!.pan_cipher));
    const account = decryptText(t.app.config, String(target!.account_cipher));
    // A name no other row has, typed into free text as staff do (a note, an audit entry).
    const name = `Zorawar Erasetest ${memberId}`;
    await t.database.executeSql('update members set name = $1 where id = $2', [name, memberId]);
    await t.database.executeSql(
      `insert into audit_log (action, entity, entity_id, after) values ('test.note', 'members', $1, $2::jsonb)`,
      [
        String(memberId),
        JSON.stringify({ note: `${name} called from ${mobile} about PAN ${pan}, a/c ${account}` }),
      ],
    );
    await t.database.executeSql(
      `insert into points_adjustments (member_id, amount, reason, requested_by) values ($1, 5, $2, 1)`,
      [memberId, `Goodwill for ${name} (${mobile})`],
    );
    const totals = () =>
      sqlRows(
        `select (select coalesce(sum(amount), 0)::bigint from points_ledger where member_id = $1) as points,
        (select count(*)::int from points_ledger where member_id = $1) as entries,
        (select coalesce(sum(tds_paise), 0)::bigint from redemptions where member_id = $1) as tds,
        (select coalesce(sum(value_paise), 0)::bigint from redemptions where member_id = $1) as value,
        (select balance from members where id = $1) as balance`,
        [memberId],
      );
    const before = await totals();
    expect(Number(before[0]!.tds)).toBeGreaterThan(0);
    const filesBefore = await sqlRows('select id from files where owner_member_id = $1', [memberId]);
    expect(filesBefore.length).toBeGreaterThan(0);

    const [{ token }] = await signInAs(memberId);
    const asked = await asMember(t, token, {
      method: 'POST',
      url: '/api/app/privacy/requests',
      payload: { kind: 'erasure' },
    });
    const decided = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/privacy/requests/${asked.json().id}/decide`,
      payload: { result: 'done', outcome: 'Your data will be erased after the notice' },
    });
    expect(decided.json()).toMatchObject({ status: 'scheduled', eraseAfter: expect.any(String) });
    const notice = await sqlRows(
      "select 1 from member_messages where member_id = $1 and template_key = 'privacy.erasure_notice'",
      [memberId],
    );
    expect(notice.length).toBeGreaterThan(0);
    // Nothing runs during the 48-hour notice.
    expect(await runDueErasures(t.app)).toBe(0);
    await t.database.executeSql(
      "update privacy_requests set erase_after = now() - interval '1 minute', created_at = now() + interval '1 hour' where id = $1",
      [asked.json().id],
    );
    expect(await runDueErasures(t.app)).toBe(1);

    const columns = await sqlRows(`select c.table_name as t, c.column_name as c, c.data_type as type
      from information_schema.columns c join information_schema.tables x
        on x.table_schema = c.table_schema and x.table_name = c.table_name and x.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'jsonb') or c.udt_name = '_text')`);
    expect(columns.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const { t: table, c: column } of columns)
      for (const value of [mobile, pan, account, name]) {
        const hits = await sqlRows(
          `select count(*)::int as n from "${table}" where position($1 in "${column}"::text) > 0`,
          [value],
        );
        if (Number(hits[0]!.n) > 0) found.push(`${table}.${column}`);
      }
    expect(found).toEqual([]);
    const left = await sqlRows(`select id from files where owner_member_id = $1 or id = any($2::bigint[])`, [
      memberId,
      filesBefore.map((f) => f.id),
    ]);
    expect(left).toEqual([]);
    expect(await totals()).toEqual(before);
    const [entry] = await sqlRows(
      "select after from audit_log where action = 'privacy.erased' and entity_id = $1",
      [String(memberId)],
    );
    expect(entry!.after).toEqual({ pseudonym: expect.stringMatching(/^M\d+$/) });
  });

  it('the retention setting is maker-checker and schedules dormant members after a notice', async () => {
    const body = { dormantMonths: 24, effectiveFrom: todayInIndia() };
    const denied = await t.as('marketing', {
      method: 'POST',
      url: '/api/admin/privacy/retention',
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
    const requested = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/privacy/retention',
      payload: body,
    });
    expect(requested.statusCode).toBe(200);
    const id = requested.json().id;
    const self = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/privacy/retention/${id}/approve`,
      payload: {},
    });
    expect(self.statusCode).toBe(409);
    const approved = await t.as('hod', {
      method: 'POST',
      url: `/api/admin/privacy/retention/${id}/approve`,
      payload: {},
    });
    expect(approved.json()).toMatchObject({ status: 'approved', inForce: true });

    const { id: dormant } = await registerMember(t, inbox);
    await t.database.executeSql(
      "update members set created_at = now() - interval '30 months' where id = $1",
      [dormant],
    );
    await t.database.executeSql(
      "update member_sessions set created_at = now() - interval '30 months', last_seen_at = now() - interval '30 months' where member_id = $1",
      [dormant],
    );
    expect(await scheduleDormantErasures(t.app)).toBeGreaterThan(0);
    const [request] = await sqlRows(
      "select status, erase_after > now() + interval '47 hours' as noticed from privacy_requests where member_id = $1 and kind = 'erasure'",
      [dormant],
    );
    expect(request).toEqual({ status: 'scheduled', noticed: true });
    const notice = await sqlRows(
      "select 1 from member_messages where member_id = $1 and template_key = 'privacy.erasure_notice'",
      [dormant],
    );
    expect(notice.length).toBeGreaterThan(0);
  });
});

describe('breach register', () => {
  it('records a breach, finds the affected members, tells them in their language, and prepares the report', async () => {
    const { id: hindi, token } = await registerMember(t, inbox);
    await asMember(t, token, { method: 'PATCH', url: '/api/app/profile', payload: { language: 'hi' } });
    const body = {
      title: 'Laptop with an export stolen',
      description: 'A staff laptop holding a member export was stolen.',
      occurredFrom: new Date(Date.now() - 86_400_000).toISOString(),
      occurredTo: new Date(Date.now() + 60_000).toISOString(),
      detectedAt: new Date().toISOString(),
      dataKinds: ['contact', 'address'],
      states: ['Maharashtra'],
      measures: 'Device wiped remotely; passwords rotated.',
    };
    const denied = await t.as('marketing', {
      method: 'POST',
      url: '/api/admin/privacy/breaches',
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/privacy/breaches',
      payload: { ...body, occurredTo: '2020-01-01T00:00:00Z' },
    });
    expect(bad.json().fields.occurredTo).toBe(PRIVACY_MESSAGES.breachWindow);
    const recorded = await t.as('cs', { method: 'POST', url: '/api/admin/privacy/breaches', payload: body });
    expect(recorded.statusCode).toBe(200);
    const breach = recorded.json();
    const [expected] = await sqlRows(
      `select count(*)::int as n from members where state = 'Maharashtra' and created_at <= $1
         and mobile not like 'erased-%'`,
      [body.occurredTo],
    );
    expect(breach.affected).toBe(Number(expected!.n));
    const notified = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/privacy/breaches/${breach.id}/notify`,
    });
    expect(notified.json().notifiedAt).not.toBeNull();
    const [told] = await sqlRows(
      `select count(distinct member_id)::int as n from member_messages
        where template_key = 'privacy.breach' and channel = 'sms' and cause_id like $1`,
      [`${breach.id}:%`],
    );
    expect(Number(told!.n)).toBe(breach.affected);
    const [hi] = await sqlRows(
      "select language from member_messages where template_key = 'privacy.breach' and member_id = $1 and channel = 'sms'",
      [hindi],
    );
    expect(hi!.language).toBe('hi');
    const again = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/privacy/breaches/${breach.id}/notify`,
    });
    expect(again.statusCode).toBe(409);
    const report = await t.as('cs', { url: `/api/admin/privacy/breaches/${breach.id}/report.pdf` });
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audited = await sqlRows(
      "select action from audit_log where entity = 'privacy_breaches' and entity_id = $1 order by id",
      [String(breach.id)],
    );
    expect(audited.map((a) => a.action)).toEqual([
      'privacy.breach.recorded',
      'privacy.breach.notified',
      'privacy.breach.report',
    ]);
  });
});
