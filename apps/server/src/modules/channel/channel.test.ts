import { CHANNEL_MESSAGES as M } from '@app/contract/channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody, readSheet, sheet } from '../invoices/invoices.test-kit';
import { asMember } from '../members/members.test-kit';
import { notificationsKit } from '../notifications/notifications.test-kit';

let t: TestApp;
let kit: ReturnType<typeof notificationsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationsKit(t);
});
afterAll(() => t?.close());

const codeOf = async (id: number) =>
  String((await kit.sql('select code from members where id = $1', [id]))[0]!.code);
const dealerOf = async (id: number) =>
  (await kit.sql('select dealer_id from members where id = $1', [id]))[0]!.dealer_id as number | null;

describe('the channel in the app: partners choose, dealers attach', () => {
  it('a partner attaches by code or from nearby dealers, leaves, and a dealer attaches him back', async () => {
    const pin = '799101';
    const dealer = await kit.member({ type: 'dealer', pincode: pin, district: 'Satara' });
    const retailer = await kit.member({ type: 'retailer', pincode: '799102', district: 'Satara' });
    const partner = await kit.member({ type: 'carpenter', pincode: pin, district: 'Satara' });
    const [dealerCode, partnerCode] = [await codeOf(dealer.id), await codeOf(partner.id)];
    const mine = (await asMember(t, partner.token, { method: 'GET', url: '/api/app/dealer' })).json();
    // Nearby: the same pincode first, then the district.
    expect(mine.dealer).toBeNull();
    expect(mine.nearby.map((d: { id: number }) => d.id).slice(0, 2)).toEqual([dealer.id, retailer.id]);

    const bad = await asMember(t, partner.token, {
      method: 'PUT',
      url: '/api/app/dealer',
      payload: { dealerCode: partnerCode },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ dealerCode: M.dealerUnknown });
    const chosen = await asMember(t, partner.token, {
      method: 'PUT',
      url: '/api/app/dealer',
      payload: { dealerCode: dealerCode.toLowerCase() },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().dealer).toMatchObject({ id: dealer.id });
    const again = await asMember(t, partner.token, {
      method: 'PUT',
      url: '/api/app/dealer',
      payload: { dealerCode },
    });
    expect(again.json().fields).toEqual({ dealerCode: M.alreadyThere });
    expect((await asMember(t, partner.token, { method: 'DELETE', url: '/api/app/dealer' })).statusCode).toBe(
      200,
    );
    expect(await dealerOf(partner.id)).toBeNull();

    // A partner cannot attach partners; the dealer can, by code or mobile.
    const notDealer = await asMember(t, partner.token, {
      method: 'POST',
      url: '/api/app/partners',
      payload: { partner: dealerCode },
    });
    expect(notDealer.statusCode).toBe(400);
    const attached = await asMember(t, dealer.token, {
      method: 'POST',
      url: '/api/app/partners',
      payload: { partner: partnerCode },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({
      partners: [{ code: partnerCode, scans30: 0, shareEarned: 0 }],
      shareTotal: 0,
    });

    const hierarchy = (
      await t.as('cs', { method: 'GET', url: `/api/admin/members/${partner.id}/hierarchy` })
    ).json();
    expect(
      hierarchy.history.map((h: { linkedVia: string; endedVia: string | null }) => [h.linkedVia, h.endedVia]),
    ).toEqual([
      ['dealer', null],
      ['partner', 'partner'],
    ]);
    const entries = await kit.sql(
      `select action from audit_log where entity = 'dealer_link' and entity_id = $1 order by id`,
      [String(partner.id)],
    );
    expect(entries.map((e) => e.action)).toEqual([
      'dealer_link.attached',
      'dealer_link.ended',
      'dealer_link.attached',
    ]);
  });
});

describe('the channel from a spreadsheet, and the Dealers report', () => {
  it('applies good rows as staff would, names each bad row, and reports the dealer', async () => {
    const dealer = await kit.member({ type: 'dealer' });
    const [a, b, c] = [await kit.member(), await kit.member(), await kit.member({ type: 'architect' })];
    const codes = await Promise.all([dealer, a, b, c].map((m) => codeOf(m.id)));
    const [dealerCode, aCode, bCode, cCode] = codes as [string, string, string, string];
    const file = await sheet(
      [
        [aCode, dealerCode],
        [bCode, 'NOPE999'],
        [dealerCode, dealerCode],
        [cCode, dealerCode.toLowerCase()],
        [aCode, dealerCode],
      ],
      ['Member code', 'Dealer code'],
    );
    const upload = (query = '') =>
      t.as('cs', {
        method: 'POST',
        url: `/api/admin/channel/upload${query}`,
        ...multipartBody('channel.xlsx', file),
      });
    const refused = await upload();
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'has_errors', rowsTotal: 5, rowsValid: 2, attached: 0 });
    expect(refused.json().errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'Dealer code'],
      [4, 'Member code'],
      [6, 'Member code'],
    ]);
    expect(await dealerOf(a.id)).toBeNull();
    const applied = (await upload('?applyValid=true')).json();
    expect(applied).toMatchObject({ status: 'partially_applied', attached: 2, detached: 0 });
    expect([await dealerOf(a.id), await dealerOf(c.id)]).toEqual([dealer.id, dealer.id]);
    const denied = await t.as('marketing', {
      method: 'POST',
      url: '/api/admin/channel/upload',
      ...multipartBody('channel.xlsx', file),
    });
    expect(denied.statusCode).toBe(403);

    const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
    const report = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/downloadReports',
      payload: { reportType: 'dealers', startDate: today, endDate: today },
    });
    expect(report.statusCode, report.body.slice(0, 200)).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0]!.slice(0, 6)).toEqual(['Dealer code', 'Dealer', 'Type', 'District', 'State', 'Partners']);
    // Two partners now, neither active nor earning yet.
    expect(rows.find((r) => r[0] === dealerCode)?.slice(5)).toEqual([2, 0, 0, 0, 0]);
  });
});
