import { todayInIndia } from '@app/contract/format';
import type { PointsLimitsBody } from '@app/contract/points-limits';
import type { TestApp } from '../../../test/harness';

/** Caps and limits in force from now: requested by admin, approved by the almond team. */
export async function setLimits(t: TestApp, values: Omit<PointsLimitsBody, 'effectiveFrom'>) {
  const made = await t.as('admin', {
    method: 'POST',
    url: '/api/admin/points-limits',
    payload: { ...values, effectiveFrom: todayInIndia() },
  });
  if (made.statusCode !== 200) throw new Error(`limits request: ${made.statusCode} ${made.body}`);
  const ok = await t.as('almond team', {
    method: 'POST',
    url: `/api/admin/points-limits/${made.json().id}/approve`,
    payload: {},
  });
  if (ok.statusCode !== 200) throw new Error(`limits approval: ${ok.statusCode} ${ok.body}`);
  return ok.json() as { id: number; inForce: boolean };
}
