import zlib from 'node:zlib';
import { financialYearOf } from '@app/contract/format';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { asMember } from '../members/members.test-kit';
import { redeem, redeemer, sqlRows } from './redemptions.test-kit';

/**
 * Money in rupees for the member: the cash quote before confirming (the same TDS as the request
 * records), the approval and paid messages with gross, TDS and net in the member's language and in
 * the app's inbox, and the yearly TDS statement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const quote = (token: string, points: number | string, payout = 'upi') =>
  asMember(t, token, { url: `/api/app/redemptions/cash-quote?points=${points}&payout=${payout}` });

/** The text a PDF shows: pdfkit writes each run as a hex string inside its (deflated) content streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
      parts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return parts.join('');
}

describe('a cash redemption in rupees', () => {
  it('quotes value, TDS and net before the request, and the request records exactly that', async () => {
    const m = await redeemer(t, { balance: 200_000 });
    // Within the year's ₹20,000 threshold: no TDS.
    const small = await quote(m.token, 1000);
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({
      points: 1000,
      payout: 'upi',
      payoutTo: 'member@upi',
      valuePaise: 25_000,
      tdsPaise: 0,
      netPaise: 25_000,
      financialYear: financialYearOf(new Date()),
    });
    // Past it (₹250 already redeemed this year): 10% on this one's whole value.
    const first = await redeem(t, m.token, { kind: 'cash', points: 1000, payout: 'upi' });
    expect(first.statusCode, first.body).toBe(200);
    const big = await quote(m.token, 100_000, 'bank');
    expect(big.json()).toMatchObject({
      payoutTo: 'State Bank of India •••• 9012',
      valuePaise: 2_500_000,
      tdsRateBp: 1000,
      tdsPaise: 250_000,
      netPaise: 2_250_000,
    });
    const made = await redeem(t, m.token, { kind: 'cash', points: 100_000, payout: 'bank' });
    expect(made.statusCode, made.body).toBe(200);
    const { valuePaise, tdsPaise, netPaise } = big.json();
    expect(made.json()).toMatchObject({ valuePaise, tdsPaise, netPaise });
  });

  it('refuses a bad quote with the field named, and is the member’s alone', async () => {
    const m = await redeemer(t, { balance: 5000, upi: false });
    const below = await quote(m.token, 10);
    expect(below.statusCode).toBe(400);
    expect(below.json().fields.points).toContain('at least');
    expect((await quote(m.token, 'abc')).json().fields).toHaveProperty('points');
    expect((await quote(m.token, 2000, 'upi')).json().fields.payout).toBe(
      'Your KYC has no UPI id; choose bank',
    );
    expect((await quote(m.token, 9000, 'bank')).json().fields).toHaveProperty('points');
    expect(
      (await t.as('finance', { url: '/api/app/redemptions/cash-quote?points=2000&payout=bank' })).statusCode,
    ).toBe(401);
    expect(await sqlRows(t, 'select id from redemptions where member_id = $1', [m.id])).toEqual([]);
  });

  it('tells approval and payment with gross, TDS and net, in Hindi, by SMS and in the inbox; the statement sums them', async () => {
    const m = await redeemer(t, { balance: 200_000 });
    await t.database.executeSql(`update members set language = 'hi' where id = $1`, [m.id]);
    const made = await redeem(t, m.token, { kind: 'cash', points: 100_000, payout: 'upi' });
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({ valuePaise: 2_500_000, tdsPaise: 250_000, netPaise: 2_250_000 });
    const approved = await t.as('finance', { method: 'POST', url: `/api/admin/redemptions/${id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await t.as('cs', {
      method: 'POST',
      url: `/api/admin/redemptions/${id}/paid`,
      payload: { utr: 'UTR2026000777' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const sms = await sqlRows(
      t,
      `select template_key as key, variables from member_messages
       where member_id = $1 and channel = 'sms' order by id`,
      [m.id],
    );
    expect(sms.map((r) => r.key)).toEqual(['redemption.approved_cash', 'redemption.paid_upi']);
    expect(sms[1]!.variables).toMatchObject({
      gross: '25,000',
      tds: '2,500',
      amount: '22,500',
      utr: 'UTR2026000777',
    });

    const inbox = await asMember(t, m.token, { url: '/api/app/inbox' });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const items = inbox.json().items as { title: string; body: string; notificationId: number | null }[];
    expect(items.map((i) => i.title)).toEqual(['भुगतान भेजा गया', 'नकद रिडेम्प्शन स्वीकृत']);
    expect(items[1]!.body).toBe(
      `Action Tesa: आपका नकद रिडेम्प्शन #${id} स्वीकृत हो गया है: ₹25,000, TDS ₹2,500, आपको ₹22,500 मिलेंगे।`,
    );
    expect(items[0]!.body).toContain('₹22,500 (₹25,000 में से TDS ₹2,500 काटकर)');
    expect(items[0]!.body).toContain('UTR UTR2026000777');
    expect(items[0]!.notificationId).toBeNull();
    expect((await asMember(t, m.token, { url: '/api/app/inbox/unread-count' })).json()).toEqual({
      unread: 2,
    });

    // A second cash redemption still open is not on the statement: only what was paid out.
    await redeem(t, m.token, { kind: 'cash', points: 2000, payout: 'bank' });
    const year = financialYearOf(new Date());
    const statement = await asMember(t, m.token, { url: `/api/app/redemptions/tds-statement?year=${year}` });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    expect(statement.headers['cache-control']).toBe('private, no-store');
    const pdf = statement.rawPayload;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain(`#${id}`);
    expect(text).toContain('Rs 25,000.00');
    expect(text).toContain('Rs 2,500.00');
    expect(text).toContain('Rs 22,500.00');
    expect(text).toContain('XXXXXX234F');
    expect(text).toContain('1 paid');

    const bad = await asMember(t, m.token, { url: '/api/app/redemptions/tds-statement?year=2026-28' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('year');
  });
});
