import { demoEmail } from '@app/contract/permissions';
import type { Actor } from '../src/lib/audit';
import type { TestApp } from './harness';

/** The actor of a built-in role's demo account, for calling a decision flow directly. */
export async function demoActor(t: TestApp, role: string): Promise<Actor & { id: number }> {
  const { rows } = await t.database.executeSql('select id from staff where lower(email) = lower($1)', [
    demoEmail(role),
  ]);
  return { id: Number(rows[0]!.id), role, requestId: null };
}

/** How many audit entries of an action exist: a decision writes exactly one, a refusal none. */
export async function auditCount(t: TestApp, action: string): Promise<number> {
  const { rows } = await t.database.executeSql('select count(*)::int as n from audit_log where action = $1', [
    action,
  ]);
  return Number(rows[0]!.n);
}
