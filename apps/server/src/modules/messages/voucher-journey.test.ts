import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember } from '../members/members.test-kit';
import { insertReward, redeem, redeemer, sqlRows } from '../redemptions/redemptions.test-kit';
import { until, waitForMessage } from './messages.test-kit';
import { queueStepMessage } from './outbox';
import { MSG91_TEST, type StandIn, startSmsStandIn } from './sms-stand-ins.test-kit';

const DLT = '1707161234567890123';
let msg91: StandIn;
let t: TestApp;
beforeAll(async () => {
  msg91 = await startSmsStandIn('msg91');
  t = await createTestApp({
    env: {
      SMS_SENDER: 'msg91',
      MSG91_AUTH_KEY: MSG91_TEST.authKey,
      MSG91_SENDER_ID: MSG91_TEST.sender,
      MSG91_DLT_ENTITY_ID: MSG91_TEST.entity,
      MSG91_BASE_URL: msg91.url,
      MESSAGES_RETRY_BASE_SECONDS: '0',
    },
  });
  // Each SMS text is registered with DLT; the business sets the ids on the templates.
  await t.database.executeSql(`update message_templates set dlt_template_id = $1 where channel = 'sms'`, [
    DLT,
  ]);
});
afterAll(async () => {
  await t.close();
  await msg91.close();
});

const mobileOf = async (memberId: number) =>
  String((await sqlRows(t, 'select mobile from members where id = $1', [memberId]))[0]!.mobile);
const textsTo = (mobile: string) =>
  msg91
    .accepted()
    .filter((r) => r.to === mobile)
    .map((r) => r.text);
const waitForText = async (mobile: string, part: string) => {
  await until(() => textsTo(mobile).some((text) => text.includes(part)));
  return textsTo(mobile).find((text) => text.includes(part))!;
};

describe('the e-voucher journey', () => {
  it('redeem → approve: the member API shows the code and PIN (reveal audited), the SMS carries them; no one else reads it', async () => {
    const m = await redeemer(t, { balance: 5000 });
    const other = await redeemer(t, { balance: 5000 });
    const brand = `Journey ${m.id}`;
    const reward = await insertReward(t, {
      name: `${brand} ₹500`,
      type: 'e_voucher',
      stock: null,
      brand,
      denominationPaise: 50_000,
      pointsCost: 500,
    });
    const added = await t.as('almond team', {
      method: 'POST',
      url: '/api/admin/gift-vouchers',
      payload: {
        brand,
        denominationPaise: 50_000,
        code: `GV-${m.id}-XYZ`,
        pin: '482913',
        expiresOn: '2099-12-31',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const asked = await redeem(t, m.token, { kind: 'voucher', rewardId: reward });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().id as number;
    const approved = await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);

    const reveal = await asMember(t, m.token, { method: 'POST', url: `/api/app/redemptions/${id}/voucher` });
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(reveal.json()).toMatchObject({ code: `GV-${m.id}-XYZ`, pin: '482913' });
    const audits = await sqlRows(
      t,
      "select * from audit_log where action = 'redemption.voucher_revealed' and entity_id = $1",
      [String(id)],
    );
    expect(audits).toHaveLength(1);
    const stolen = await asMember(t, other.token, {
      method: 'POST',
      url: `/api/app/redemptions/${id}/voucher`,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('482913');

    const mobile = await mobileOf(m.id);
    const sms = await waitForText(mobile, 'e-voucher');
    expect(sms).toBe(
      `Action Tesa: your ${brand} ₹500 e-voucher code is GV-${m.id}-XYZ, PIN 482913. Do not share it with anyone.`,
    );
    expect(msg91.accepted().find((r) => r.text === sms)!.fields).toMatchObject({
      DLT_TE_ID: DLT,
      unicode: 1,
    });
    expect(await waitForText(mobile, 'is approved')).toContain(`redemption #${id}`);
    // The code and PIN are read from the voucher when sent: the outbox never holds them.
    const rows = await sqlRows(
      t,
      "select * from member_messages where cause_id = $1 and cause_kind like 'redemption.%'",
      [String(id)],
    );
    expect(rows.map((r) => r.template_key).sort()).toEqual(['redemption.approved', 'voucher.issued']);
    expect(JSON.stringify(rows)).not.toContain('482913');
    expect(textsTo(await mobileOf(other.id)).join(' ')).not.toContain('482913');
  });

  it('cash paid (amount, UTR), rejected (reason), gift dispatched (courier, AWB, link), delivered, returned — once each, Hindi in Devanagari', async () => {
    const m = await redeemer(t, { balance: 20_000 });
    const mobile = await mobileOf(m.id);
    const cash = (await redeem(t, m.token, { kind: 'cash', points: 4000, payout: 'bank' })).json();
    await t.as('cs', { method: 'POST', url: `/api/admin/redemptions/${cash.id}/approve` });
    const paid = await t.as('finance', {
      method: 'POST',
      url: `/api/admin/redemptions/${cash.id}/paid`,
      payload: { utr: `UTR${m.id}0001` },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await waitForText(mobile, 'is paid')).toMatch(
      new RegExp(
        `Rs [0-9,.]+ for your redemption #${cash.id} is paid to your bank account \\(Rs [0-9,.]+ less TDS Rs [0-9,.]+\\)\\. UTR UTR${m.id}0001\\.`,
      ),
    );
    const no = (await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'bank' })).json();
    await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${no.id}/reject`,
      payload: { reason: 'Bank details do not match' },
    });
    expect(await waitForText(mobile, 'rejected')).toBe(
      `Action Tesa: your redemption #${no.id} was rejected. Reason: Bank details do not match`,
    );

    await t.database.executeSql("update members set language = 'hi' where id = $1", [m.id]);
    const gift = await insertReward(t, { name: 'Drill machine', pointsCost: 1000, stock: 5 });
    const g = (await redeem(t, m.token, { kind: 'gift', rewardId: gift })).json();
    await t.as('cs', { method: 'POST', url: `/api/admin/redemptions/${g.id}/approve` });
    const dispatched = await t.as('courier', {
      method: 'POST',
      url: `/api/admin/courier-redemptions/${g.id}/dispatch`,
      payload: { courierCompany: 'Blue Dart', awb: '81234567890', dispatchedOn: '2099-01-01' },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await waitForText(mobile, 'Blue Dart')).toBe(
      `Action Tesa: रिडेम्प्शन #${g.id} का आपका उपहार Blue Dart से भेज दिया गया है, AWB 81234567890। ट्रैक करें: https://t.17track.net/en#nums=81234567890`,
    );
    const returned = await t.as('courier', {
      method: 'POST',
      url: `/api/admin/courier-redemptions/${g.id}/returned`,
      payload: { reason: 'Address not found' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await waitForText(mobile, 'लौट आया')).toContain(`#${g.id}`);
    const again = await t.as('courier', {
      method: 'POST',
      url: `/api/admin/courier-redemptions/${g.id}/returned`,
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    const kinds = await sqlRows(
      t,
      'select cause_kind, count(*)::int as n from member_messages where member_id = $1 group by 1 order by 1',
      [m.id],
    );
    expect(kinds).toEqual([
      { cause_kind: 'redemption.approved', n: 2 },
      { cause_kind: 'redemption.dispatched', n: 1 },
      { cause_kind: 'redemption.paid', n: 1 },
      { cause_kind: 'redemption.rejected', n: 1 },
      { cause_kind: 'redemption.returned', n: 1 },
    ]);
  });
});

describe('Manage Notification: templates and the delivery log', () => {
  it('a message failed for a missing DLT id is fixed on Templates and resent from the Delivery log', async () => {
    const list = await t.as('marketing', { method: 'GET', url: '/api/admin/message-templates' });
    expect(list.statusCode, list.body).toBe(200);
    const kycHi = (
      list.json() as { id: number; key: string; channel: string; language: string; body: string }[]
    ).find((r) => r.key === 'kyc.approved' && r.channel === 'sms' && r.language === 'hi')!;
    expect(kycHi.body).toMatch(/[\u0900-\u097F]/);
    await t.database.executeSql('update message_templates set dlt_template_id = null where id = $1', [
      kycHi.id,
    ]);

    const m = await redeemer(t);
    await t.database.executeSql("update members set language = 'hi' where id = $1", [m.id]);
    const mobile = await mobileOf(m.id);
    await t.database.db.transaction((tx) =>
      queueStepMessage(tx, m.id, 'kyc.approved', {}, { kind: 'test.kyc', id: m.id }),
    );
    const failed = await waitForMessage(t, mobile, (row) => row.status === 'failed');
    expect(failed.error).toContain('no DLT template id');

    const log = await t.as('marketing', {
      method: 'GET',
      url: `/api/admin/messages?filter=${encodeURIComponent(JSON.stringify({ status: 'failed', memberId: m.id }))}`,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().rows).toMatchObject([{ id: failed.id, status: 'failed', templateKey: 'kyc.approved' }]);
    const exported = await t.as('marketing', { method: 'GET', url: '/api/admin/messages/export' });
    expect(exported.statusCode).toBe(200);

    const edit = (payload: object, role = 'marketing') =>
      t.as(role, { method: 'PUT', url: `/api/admin/message-templates/${kycHi.id}`, payload });
    const unknown = await edit({ body: 'प्रिय {name}, {balance}', dltTemplateId: DLT });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.body).toContain('{balance}');
    expect((await edit({ body: 'x', dltTemplateId: '12' })).json().fields).toHaveProperty('dltTemplateId');
    expect((await edit({ body: kycHi.body, dltTemplateId: DLT }, 'finance')).statusCode).toBe(403);
    const saved = await edit({ body: 'प्रिय {name}, आपका KYC सत्यापित हो गया है।', dltTemplateId: DLT });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ dltTemplateId: DLT });

    expect(
      (await t.as('finance', { method: 'POST', url: `/api/admin/messages/${failed.id}/resend` })).statusCode,
    ).toBe(403);
    const resent = await t.as('marketing', {
      method: 'POST',
      url: `/api/admin/messages/${failed.id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await waitForMessage(t, mobile, (row) => row.status === 'sent');
    expect(textsTo(mobile).at(-1)).toMatch(/^प्रिय Test member [0-9A-F]+, आपका KYC सत्यापित हो गया है।$/);
    const twice = await t.as('marketing', { method: 'POST', url: `/api/admin/messages/${failed.id}/resend` });
    expect(twice.statusCode).toBe(409);
    const audits = await sqlRows(
      t,
      "select action from audit_log where action in ('message_template.updated', 'member_message.resent')",
    );
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });
});
