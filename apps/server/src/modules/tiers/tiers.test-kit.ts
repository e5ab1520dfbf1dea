import { todayInIndia } from '@app/contract/format';
import type { TierPolicyBody } from '@app/contract/tiers';
import type { TestApp } from '../../../test/harness';

/** Base ×1.00 from 0, Silver ×1.10 from 100, Gold ×1.25 from 500 (lower redemption minimum 1,000). */
export const TEST_TIERS: TierPolicyBody['tiers'] = [
  { name: 'Base', nameHi: 'बेस', minPoints: 0, multiplier: 1, redeemMinBalance: null },
  { name: 'Silver', nameHi: 'सिल्वर', minPoints: 100, multiplier: 1.1, redeemMinBalance: null },
  { name: 'Gold', nameHi: 'गोल्ड', minPoints: 500, multiplier: 1.25, redeemMinBalance: 1000 },
];

/** A tier policy in force from now: requested by admin, approved by the almond team. */
export async function setTierPolicy(t: TestApp, tiers = TEST_TIERS, periodMonths = 12) {
  const made = await t.as('admin', {
    method: 'POST',
    url: '/api/admin/tiers/policies',
    payload: { periodMonths, tiers, effectiveFrom: todayInIndia() },
  });
  if (made.statusCode !== 200) throw new Error(`tier policy request: ${made.statusCode} ${made.body}`);
  const ok = await t.as('almond team', {
    method: 'POST',
    url: `/api/admin/tiers/policies/${made.json().id}/approve`,
    payload: {},
  });
  if (ok.statusCode !== 200) throw new Error(`tier policy approval: ${ok.statusCode} ${ok.body}`);
  return ok.json() as { id: number; inForce: boolean };
}
