import { secondFactorByDefault } from '@app/contract/actions';
import { BUILT_IN_ROLES, builtInPermissions } from '@app/contract/permissions';
import type { Executor } from '../db/client';
import { roles } from '../db/schema/staff';

const LABELS: Record<string, string> = { hod: 'HOD', cs: 'CS' };
export const roleLabel = (name: string) => LABELS[name] ?? name.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Inserts any built-in role that is missing; never changes a role staff may have edited. A role
 * holding money or identity actions requires the second factor (the demo seed turns that off).
 */
export async function seedRoles(tx: Executor): Promise<void> {
  await tx
    .insert(roles)
    .values(
      BUILT_IN_ROLES.map((name) => ({
        name,
        label: roleLabel(name),
        builtIn: true,
        permissions: builtInPermissions(name),
        mfaRequired: secondFactorByDefault(builtInPermissions(name)),
      })),
    )
    .onConflictDoNothing({ target: roles.name });
}
