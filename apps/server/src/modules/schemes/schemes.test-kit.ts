import type { TestApp } from '../../../test/harness';
import { couponsKit } from '../coupons/coupons.test-kit';

export const dayIst = (offset = 0) =>
  new Date(Date.now() + 5.5 * 3600e3 + offset * 86_400_000).toISOString().slice(0, 10);

/** A scheme body running from today for a week, all members, with the given rule. */
export const schemeBody = (rule: object, extra: object = {}) => ({
  name: `Scheme ${Math.random().toString(36).slice(2, 8)}`,
  startsOn: dayIst(),
  endsOn: dayIst(7),
  ...rule,
  ...extra,
});

/** Creates a draft as admin, submits it as admin and has almond team approve it: an active scheme. */
export async function activeScheme(t: TestApp, rule: object, extra: object = {}) {
  const kit = couponsKit(t);
  const draft = await kit.ok(
    await t.as('admin', { method: 'POST', url: '/api/admin/schemes', payload: schemeBody(rule, extra) }),
  );
  await kit.ok(
    await t.as('admin', { method: 'POST', url: `/api/admin/schemes/${draft.id}/request-activation` }),
  );
  return kit.ok(await t.as('almond team', { method: 'POST', url: `/api/admin/schemes/${draft.id}/approve` }));
}
