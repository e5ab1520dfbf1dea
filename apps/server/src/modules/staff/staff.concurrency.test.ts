import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { staffKit } from './staff.test-kit';

describe('concurrent deactivations', () => {
  let t: TestApp;
  let kit: ReturnType<typeof staffKit>;
  beforeAll(async () => {
    t = await createTestApp();
    kit = staffKit(t);
  });
  afterAll(() => t.close());

  it('cannot together leave nobody able to open User Roles', async () => {
    const a = await kit.createAccount('almond team', 'keeper-a@example.com', 'almond team');
    const b = await kit.createAccount('almond team', 'keeper-b@example.com', 'almond team');
    const demo = await kit.staffId('almond-team@demo.local');
    expect(
      (await t.as(a.token, { method: 'POST', url: `/api/admin/staff/${demo}/deactivate` })).statusCode,
    ).toBe(200);

    // The last two role managers deactivate each other at the same moment.
    const results = await Promise.all([
      t.as(a.token, { method: 'POST', url: `/api/admin/staff/${b.id}/deactivate` }),
      t.as(b.token, { method: 'POST', url: `/api/admin/staff/${a.id}/deactivate` }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from staff s join roles r on r.id = s.role_id
       where s.active and '/dashboard/roles' = any(r.permissions)`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
