import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { setFraudRules } from './fraud-rules.test-kit';

/**
 * The cluster fraud rule, decided inside `scan_coupon` on PostgreSQL: many members
 * credited from one device, or within a radius of one another, within the window → flag, hold or
 * refuse; and under concurrency, exactly the scans past the N-th member get the action.
 */
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

const CLUSTER_FLAGS = ['shared_device', 'location_cluster'];
const clusterFlags = async (code: string) => {
  const [row] = await kit.sql('select flags from coupon_scans where code = $1 order by id desc limit 1', [
    code,
  ]);
  return (row!.flags as string[]).filter((f) => CLUSTER_FLAGS.includes(f));
};
const members = (n: number) => Promise.all(Array.from({ length: n }, () => memberWithToken(t)));
const codes = async (n: number) => activeCodes(t, (await kit.product(10)).id, n);
/** A point `north` metres north and `east` metres east of (lat, lon). */
const offset = (lat: number, lon: number, north: number, east: number) => ({
  latitude: lat + north / 111_320,
  longitude: lon + east / (111_320 * Math.cos((lat * Math.PI) / 180)),
});

/**
 * Fires the scans while a transaction holds every racer's member row, and releases them together once
 * they all wait on it (the cluster rule locks the member first): the scans then race into the rule
 * at the same moment instead of arriving one after another.
 */
async function released<T>(memberIds: number[], fire: () => Promise<T>): Promise<T> {
  let pending: Promise<T> | undefined;
  await t.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from members where id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )}) for update`,
    );
    pending = fire();
    for (let i = 0; i < 600; i++) {
      const [waiting] = await kit.sql(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (Number(waiting!.n) >= memberIds.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return pending!;
}

describe('one device across many members', () => {
  it('flags the scan of the third member on one device, and later ones of any of them; not another device', async () => {
    await setFraudRules(t, { deviceClusterMembers: 3, clusterWindowHours: 1, clusterAction: 'flag' });
    const [a, b, c] = await members(3);
    const [c1, c2, c3, c4, c5] = await codes(5);
    for (const [member, code] of [
      [a!, c1!],
      [b!, c2!],
    ] as const) {
      expect((await scanAs(t, member.token, { code, deviceId: 'device-flag' })).json().result).toBe(
        'success',
      );
      expect(await clusterFlags(code)).toEqual([]);
    }
    // One member scanning again from the same device is still one member.
    const third = await scanAs(t, c!.token, { code: c3!, deviceId: 'device-flag' });
    expect(third.json()).toMatchObject({ result: 'success', points: 10, heldPoints: 0 });
    expect(await clusterFlags(c3!)).toEqual(['shared_device']);
    await scanAs(t, a!.token, { code: c4!, deviceId: 'device-flag' });
    expect(await clusterFlags(c4!)).toEqual(['shared_device']);
    await scanAs(t, a!.token, { code: c5!, deviceId: 'device-other' });
    expect(await clusterFlags(c5!)).toEqual([]);
    expect(await kit.sql('select device_id as "deviceId" from coupon_scans where code = $1', [c5])).toEqual([
      { deviceId: 'device-other' },
    ]);
  });

  it('refuses the second member on one device: nothing credited, the code stays active', async () => {
    await setFraudRules(t, { deviceClusterMembers: 2, clusterWindowHours: 2, clusterAction: 'refuse' });
    const [a, b] = await members(2);
    const [c1, c2] = await codes(2);
    expect((await scanAs(t, a!.token, { code: c1!, deviceId: 'device-refuse' })).json().result).toBe(
      'success',
    );
    const refused = await scanAs(t, b!.token, { code: c2!, deviceId: 'device-refuse' });
    expect(refused.json()).toMatchObject({ result: 'cluster_refused', points: 0 });
    expect(refused.json().message).toMatch(/this phone or this place/);
    expect(await kit.sql('select status from coupons where code = $1', [c2])).toEqual([{ status: 'active' }]);
    expect(await kit.sql('select balance from members where id = $1', [b!.id])).toEqual([{ balance: 0 }]);
    // From the member's own phone the code scans.
    expect((await scanAs(t, b!.token, { code: c2!, deviceId: 'device-b' })).json().result).toBe('success');
  });
});

describe('one place across many members', () => {
  it('holds the credit of a second member within the radius, not of one farther away', async () => {
    await setFraudRules(t, {
      locationClusterMembers: 2,
      clusterRadiusMetres: 200,
      clusterWindowHours: 1,
      clusterAction: 'hold',
    });
    const [a, b, c] = await members(3);
    const [c1, c2, c3] = await codes(3);
    const shop = { latitude: 12.9716, longitude: 77.5946 };
    expect((await scanAs(t, a!.token, { code: c1!, ...shop })).json()).toMatchObject({ heldPoints: 0 });
    const near = await scanAs(t, b!.token, { code: c2!, ...offset(shop.latitude, shop.longitude, 120, 90) });
    expect(near.json()).toMatchObject({ result: 'success', points: 10, heldPoints: 10 });
    expect(await clusterFlags(c2!)).toEqual(['location_cluster']);
    expect(await kit.sql('select points, rules from scan_holds where member_id = $1', [b!.id])).toEqual([
      { points: 10, rules: expect.arrayContaining(['location_cluster']) },
    ]);
    expect(await kit.sql('select balance, held_points as held from members where id = $1', [b!.id])).toEqual([
      { balance: 10, held: 10 },
    ]);
    const far = await scanAs(t, c!.token, { code: c3!, ...offset(shop.latitude, shop.longitude, 300, 0) });
    expect(far.json()).toMatchObject({ result: 'success', heldPoints: 0 });
    expect(await clusterFlags(c3!)).toEqual([]);
  });
});

describe('under concurrency', () => {
  it('8 members racing from one device with 3 allowed: exactly 6 held, 2 not', async () => {
    await setFraudRules(t, { deviceClusterMembers: 3, clusterWindowHours: 1, clusterAction: 'hold' });
    const racers = await members(8);
    const cs = await codes(8);
    const answers = await released(
      racers.map((m) => m.id),
      () => Promise.all(racers.map((m, i) => scanAs(t, m.token, { code: cs[i]!, deviceId: 'device-race' }))),
    );
    expect(answers.map((a) => a.json().result)).toEqual(Array(8).fill('success'));
    expect(answers.filter((a) => a.json().heldPoints === 10)).toHaveLength(6);
    const [n] = await kit.sql(
      `select count(*) filter (where 'shared_device' = any (flags))::int as flagged,
         (select count(*)::int from scan_holds h join coupon_scans s on s.id = h.scan_id where s.device_id = 'device-race') as holds
       from coupon_scans where device_id = 'device-race'`,
    );
    expect(n).toEqual({ flagged: 6, holds: 6 });
  });

  it('8 members racing within 100 m across a grid-cell edge with 3 allowed: exactly 6 flagged', async () => {
    await setFraudRules(t, {
      locationClusterMembers: 3,
      clusterRadiusMetres: 100,
      clusterWindowHours: 1,
      clusterAction: 'flag',
    });
    const racers = await members(8);
    const cs = await codes(8);
    // Points 10 m apart on both sides of latitude 19.0000 (a 0.01° cell edge), each in its own cell half.
    const answers = await released(
      racers.map((m) => m.id),
      () =>
        Promise.all(
          racers.map((m, i) =>
            scanAs(t, m.token, {
              code: cs[i]!,
              ...offset(19, 72.8777, (i % 2 === 0 ? 1 : -1) * (5 + i * 2), 0),
            }),
          ),
        ),
    );
    expect(answers.map((a) => a.json().result)).toEqual(Array(8).fill('success'));
    const flagged = await Promise.all(cs.map((code) => clusterFlags(code)));
    expect(flagged.filter((f) => f.includes('location_cluster'))).toHaveLength(6);
  });
});
