import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createEmployee } from './employees.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setManager = (id: number, managerId: number) =>
  t.as('admin', { method: 'PUT', url: `/api/admin/employees/${id}`, payload: { managerId } });

/** The cycle of managers starting at `id`, or null when the line ends. */
async function loopFrom(id: number): Promise<boolean> {
  const { rows } = await t.database.executeSql(
    `with recursive up(id, manager_id, depth) as (
       select id, manager_id, 0 from employees where id = $1
       union all
       select e.id, e.manager_id, depth + 1 from employees e join up on e.id = up.manager_id where depth < 50)
     select max(depth)::int as depth from up`,
    [id],
  );
  return (rows[0] as { depth: number }).depth >= 50;
}

describe('reporting line under concurrency (PostgreSQL)', () => {
  it('two opposite changes at once: exactly one wins, no loop forms', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await createEmployee(t);
      const b = await createEmployee(t);
      const [ab, ba] = await Promise.all([setManager(a.id, b.id), setManager(b.id, a.id)]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
      expect(await loopFrom(a.id)).toBe(false);
    }
  });

  it('a ring of five closed from every side at once: one change is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const ring: { id: number }[] = [];
      for (let i = 0; i < 5; i++) ring.push(await createEmployee(t));
      const answers = await Promise.all(ring.map((e, i) => setManager(e.id, ring[(i + 1) % 5]!.id)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(1);
      expect(codes.filter((c) => c === 200)).toHaveLength(4);
      expect(await loopFrom(ring[0]!.id)).toBe(false);
    }
  });
});
