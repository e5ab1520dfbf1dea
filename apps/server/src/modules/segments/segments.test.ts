import type { SegmentConditions } from '@app/contract/segments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { scanAs } from '../coupons/scan.test-kit';
import { notificationsKit } from '../notifications/notifications.test-kit';
import { activeScheme } from '../schemes/schemes.test-kit';
import { segmentCondition } from './segment-sql';

let t: TestApp;
let kit: ReturnType<typeof notificationsKit>;
let coupons: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationsKit(t);
  coupons = couponsKit(t);
});
afterAll(() => t?.close());

/** Test members live in their own pincode, so counts are exact whatever the demo seed holds. */
const PIN = '799001';
const count = async (conditions: SegmentConditions, by = 'cs') =>
  t.as(by, {
    method: 'GET',
    url: `/api/admin/segments/count?conditions=${encodeURIComponent(JSON.stringify({ pincodes: [PIN], ...conditions }))}`,
  });
const members = async (conditions: SegmentConditions) => {
  const res = await count(conditions);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().members as number;
};

describe('segment compiler: conditions to one parameterised SQL condition', () => {
  it('puts every value in a parameter, never in the SQL text', () => {
    const hostile = "Pune') or true --";
    const query = t.database.db
      .select({ n: sql`1` })
      .from(sql`members m`)
      .where(
        segmentCondition({
          districts: [hostile],
          types: ['carpenter'],
          balanceMin: 5,
          scannedWithinDays: 30,
        }),
      )
      .toSQL();
    expect(query.sql).not.toContain('Pune');
    expect(query.sql).not.toContain('carpenter');
    expect(query.params.map(String).join(' ')).toContain('pune');
    expect(query.sql).toMatch(/exists \(select 1 from coupon_scans/);
    expect(
      t.database.db.select({ n: sql`1` }).from(sql`members m`).where(segmentCondition({})).toSQL().sql,
    ).toContain('true');
  });

  it('each condition narrows to exactly the members meeting it', async () => {
    const dealer = await kit.member({ type: 'dealer', pincode: PIN });
    const gold = await kit.member({
      type: 'carpenter',
      pincode: PIN,
      tier: 'Gold',
      district: 'Haveli',
      balance: 500,
      language: 'hi',
      kycStatus: 'approved',
      dealerId: dealer.id,
    });
    const silver = await kit.member({
      type: 'contractor',
      pincode: PIN,
      tier: 'Silver',
      district: 'Pune',
      balance: 40,
    });
    const hostile = await members({ districts: ["Pune') or true --"] });
    expect(hostile).toBe(0);
    expect(await members({})).toBe(3);
    expect(await members({ types: ['carpenter', 'contractor'] })).toBe(2);
    expect(await members({ tiers: ['gold'] })).toBe(1);
    expect(await members({ districts: [' HAVELI '] })).toBe(1);
    const [row] = await kit.sql('select code from members where id = $1', [dealer.id]);
    const dealerCode = String(row!.code);
    expect(await members({ dealerCodes: [dealerCode.toLowerCase()] })).toBe(1);
    expect(await members({ hasDealer: false })).toBe(2);
    expect(await members({ balanceMin: 100 })).toBe(1);
    expect(await members({ balanceMin: 10, balanceMax: 100 })).toBe(1);
    expect(await members({ languages: ['hi'] })).toBe(1);
    expect(await members({ kycStatuses: ['approved'] })).toBe(1);
    expect(await members({ statuses: ['approved'], states: ['Maharashtra'] })).toBe(3);
    const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
    expect(await members({ registeredFrom: today, registeredTo: today })).toBe(3);
    expect(await members({ registeredTo: '2020-01-01' })).toBe(0);

    // Activity: a scan of one SKU, and points expiring within a week.
    const product = await coupons.product(10);
    const [code] = await activeCodes(t, product.id, 1);
    expect((await scanAs(t, silver.token, { code })).json().result).toBe('success');
    expect(await members({ scannedWithinDays: 30 })).toBe(1);
    expect(await members({ notScannedForDays: 30 })).toBe(2);
    expect(await members({ skus: [String(product.sku)] })).toBe(1);
    await kit.sql(`update points_lots set expires_at = now() + interval '3 days' where member_id = $1`, [
      silver.id,
    ]);
    expect(await members({ expiringWithinDays: 7 })).toBe(1);
    const [lots] = await kit.sql('select sum(remaining)::int as n from points_lots where member_id = $1', [
      silver.id,
    ]);
    expect(await members({ expiringWithinDays: 7, expiringMin: Number(lots!.n) })).toBe(1);
    expect(await members({ expiringWithinDays: 7, expiringMin: Number(lots!.n) + 1 })).toBe(0);
    expect(await members({ expiringWithinDays: 2 })).toBe(0);
    expect(gold.id).toBeGreaterThan(0);
  });

  it('refuses bad conditions naming the field, and roles without the page or the action', async () => {
    const bad = await count({ notScannedForDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['conditions.notScannedForDays']);
    const both = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'x', conditions: { scannedWithinDays: 5, notScannedForDays: 5, unknown: 1 } },
    });
    expect(both.statusCode).toBe(400);
    expect((await count({}, 'marketing')).statusCode).toBe(403);
    const denied = await t.as('marketing', {
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'Not mine', conditions: {} },
    });
    expect(denied.statusCode).toBe(403);
    const attach = await t.as('marketing', {
      method: 'PUT',
      url: '/api/admin/members/1/dealer',
      payload: { dealerCode: null },
    });
    expect(attach.statusCode).toBe(403);
  });
});

describe('campaigns: a notification to a segment, frozen, with a holdout', () => {
  it('reaches the frozen segment less its holdout, audits the list, and reports the lift', async () => {
    const pin = '799002';
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await kit.member({ pincode: pin, type: 'architect' })).id);
    await kit.member({ pincode: pin, type: 'architect', status: 'blocked' });
    const created = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'Architects of 799002', conditions: { pincodes: [pin], types: ['architect'] } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const segment = created.json();
    expect(segment).toMatchObject({ name: 'Architects of 799002', members: 11 });
    const again = await t.as('cs', {
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'Architects of 799002', conditions: {} },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('name');

    const n = await kit.ok(
      await kit.compose({ audience: { kind: 'segment', segmentId: segment.id, holdoutPercent: 30 } }),
    );
    expect(n.audienceSummary).toBe('Segment: Architects of 799002 (7 members, 3 held out)');
    await kit.settled(n.id);
    const reached = await kit.recipients(n.id);
    const frozen = await kit.sql(
      `select cm.member_id, cm.holdout from campaign_members cm join campaigns c on c.id = cm.campaign_id
        where c.kind = 'notification' and c.target_id = $1 order by cm.member_id`,
      [n.id],
    );
    // The blocked member is not frozen in; of the 10, 3 are held out and get nothing.
    expect(frozen.map((r) => Number(r.member_id))).toEqual(ids);
    expect(reached).toEqual(frozen.filter((r) => !r.holdout).map((r) => Number(r.member_id)));
    const [entry] = await kit.sql(
      `select after from audit_log where action = 'campaign.started' order by id desc limit 1`,
    );
    expect(entry!.after).toMatchObject({
      kind: 'notification',
      segmentId: segment.id,
      members: 7,
      holdoutMembers: 3,
    });

    const campaigns = await kit.ok<
      { targetId: number; reached: number; holdout: number; scanLift: number | null }[]
    >(await t.as('marketing', { url: '/api/admin/campaigns' }));
    expect(campaigns.find((c) => c.targetId === n.id)).toMatchObject({
      reached: 7,
      holdout: 3,
      scanLift: null,
    });

    const unknown = await kit.compose({ audience: { kind: 'segment', segmentId: 999999 } });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['audience.segmentId']);
  });
});

describe('campaigns: a scheme and a game aimed at a segment', () => {
  it('pay and open only to the frozen members reached: never the holdout, nor a member who joined since', async () => {
    const pin = '799003';
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await kit.member({ pincode: pin, type: 'contractor' }));
    const segment = (
      await t.as('cs', {
        method: 'POST',
        url: '/api/admin/segments',
        payload: { name: 'Contractors of 799003', conditions: { pincodes: [pin] } },
      })
    ).json();
    const product = await coupons.product(10);
    const scheme = await activeScheme(
      t,
      { rule: 'fixed_bonus', bonusPoints: 7 },
      { productIds: [product.id], target: { segmentId: segment.id, holdoutPercent: 50 } },
    );
    expect(scheme).toMatchObject({ segmentName: 'Contractors of 799003' });
    const late = await kit.member({ pincode: pin, type: 'contractor' });
    const frozen = await kit.sql('select member_id, holdout from campaign_members where campaign_id = $1', [
      scheme.campaignId,
    ]);
    const heldOut = new Set(frozen.filter((r) => r.holdout).map((r) => Number(r.member_id)));
    expect(frozen).toHaveLength(8);
    expect(heldOut.size).toBe(4);
    const everyone = [...members, late];
    const codes = await activeCodes(t, product.id, everyone.length);
    const answers = await Promise.all(everyone.map((m, i) => scanAs(t, m.token, { code: codes[i] })));
    everyone.forEach((m, i) => {
      const reached = m !== late && !heldOut.has(m.id);
      expect(answers[i]!.json().points, `member ${m.id}`).toBe(reached ? 17 : 10);
    });

    const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
    const game = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/games',
      payload: {
        name: 'Segment wheel',
        kind: 'spin_wheel',
        startsOn: today,
        endsOn: today,
        playsPerDay: 1,
        target: { segmentId: segment.id, holdoutPercent: 50 },
        prizes: [{ label: 'Ten', points: 10, probability: 10000 }],
      },
    });
    expect(game.statusCode, game.body).toBe(200);
    const [row] = await kit.sql("select campaign_id from games where name = 'Segment wheel'");
    const gameHeld = await kit.sql(
      'select member_id from campaign_members where campaign_id = $1 and holdout',
      [row!.campaign_id],
    );
    const outsider = everyone.find((m) => gameHeld.some((r) => Number(r.member_id) === m.id))!;
    const insider = members.find((m) => !gameHeld.some((r) => Number(r.member_id) === m.id))!;
    const open = async (token: string) =>
      (await kit.asMember(token, { url: '/api/app/games' })).json() as
        | { name: string }[]
        | { games: { name: string }[] };
    const names = (g: Awaited<ReturnType<typeof open>>) =>
      (Array.isArray(g) ? g : g.games).map((x) => x.name);
    expect(names(await open(insider.token))).toContain('Segment wheel');
    expect(names(await open(outsider.token))).not.toContain('Segment wheel');
  });
});
