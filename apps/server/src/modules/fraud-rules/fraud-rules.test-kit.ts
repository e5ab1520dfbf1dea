import { todayInIndia } from '@app/contract/format';
import type { FraudRulesBody } from '@app/contract/fraud-rules';
import type { TestApp } from '../../../test/harness';

/** Fraud rules in force from now: requested by admin, approved by the almond team. */
export async function setFraudRules(t: TestApp, values: Omit<FraudRulesBody, 'effectiveFrom'>) {
  const made = await t.as('admin', {
    method: 'POST',
    url: '/api/admin/fraud-rules',
    payload: { ...values, effectiveFrom: todayInIndia() },
  });
  if (made.statusCode !== 200) throw new Error(`fraud rules request: ${made.statusCode} ${made.body}`);
  const ok = await t.as('almond team', {
    method: 'POST',
    url: `/api/admin/fraud-rules/${made.json().id}/approve`,
    payload: {},
  });
  if (ok.statusCode !== 200) throw new Error(`fraud rules approval: ${ok.statusCode} ${ok.body}`);
  return ok.json() as { id: number; inForce: boolean };
}
