import { BUILT_IN_ROLES, demoEmail, SUPER_ROLE } from '@app/contract/permissions';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { roles, staff } from '../db/schema/staff';
import { hashPassword } from '../lib/passwords';
import { roleLabel } from './roles';

export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts = () => BUILT_IN_ROLES.map((role) => ({ role, email: demoEmail(role) }));

export async function hasStaff(tx: Executor): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(staff);
  return Number(row?.n) > 0;
}

/**
 * One account per built-in role, password demo1234. Demo profile only: never in production. The
 * demo signs in with the password alone: no role requires the second factor here (in production
 * the roles holding money or identity actions do); turn it on per role in User Roles.
 */
export async function seedDemoStaff(tx: Executor): Promise<void> {
  await tx.update(roles).set({ mfaRequired: false });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const all = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const idOf = new Map(all.map((r) => [r.name, r.id]));
  await tx
    .insert(staff)
    .values(
      demoAccounts().map(({ role, email }) => ({
        name: `Demo ${roleLabel(role)}`,
        email,
        mobile: null,
        roleId: idOf.get(role)!,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
}

/** Production's first account, from ADMIN_EMAIL and ADMIN_PASSWORD, created only into an empty table. */
export async function seedFirstAdmin(tx: Executor, email: string, password: string): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ROLE));
  await tx
    .insert(staff)
    .values({ name: 'Administrator', email, roleId: role!.id, passwordHash: await hashPassword(password) });
}
