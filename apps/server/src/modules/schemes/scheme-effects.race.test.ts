import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activeCodes } from '../coupons/active-codes.test-kit';
import { couponsKit } from '../coupons/coupons.test-kit';
import { memberWithToken, scanAs } from '../coupons/scan.test-kit';
import { activeScheme } from './schemes.test-kit';

const SCANS = 12;
const SLAB = 3;
let t: TestApp;
let kit: ReturnType<typeof couponsKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = couponsKit(t);
});
afterAll(() => t?.close());

describe('slab bonus under concurrent scans (PostgreSQL)', () => {
  it(`posts every slab exactly once when one member scans ${SCANS} codes at once`, async () => {
    const product = await kit.product(2);
    const slab = await activeScheme(
      t,
      { rule: 'slab_bonus', slabScans: SLAB, bonusPoints: 30 },
      { productIds: [product.id] },
    );
    const codes = await activeCodes(t, product.id, SCANS);
    const member = await memberWithToken(t);
    const answers = await Promise.all(codes.map((code) => scanAs(t, member.token, { code })));
    expect(answers.map((a) => a.json().result)).toEqual(Array(SCANS).fill('success'));
    const bonuses = await kit.sql(
      "select reference from points_ledger where member_id = $1 and kind = 'scheme_bonus' order by reference",
      [member.id],
    );
    expect(bonuses.map((r) => r.reference)).toEqual(
      Array.from({ length: SCANS / SLAB }, (_, i) => `scheme:${slab.id}:slab:${member.id}:${i + 1}`),
    );
    const [m] = await kit.sql('select balance from members where id = $1', [member.id]);
    expect(m!.balance).toBe(SCANS * 2 + (SCANS / SLAB) * 30);
  });
});
