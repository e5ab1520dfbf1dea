import { ALL_PERMISSIONS, SUPER_ROLE } from '@app/contract/permissions';
import { SUPER_ROLE_KEEPS } from '@app/contract/roles';
import { useMemo } from 'react';
import { useProfile } from '../../app/profile-context';

/**
 * What the signed-in account may change in a role, mirroring the server: only permissions it holds
 * (the super role holds them all), and never what the super role must keep.
 */
export function useGrantRules(roleName?: string) {
  const { profile, permissions } = useProfile();
  return useMemo(() => {
    const rights: ReadonlySet<string> = profile?.role === SUPER_ROLE ? new Set(ALL_PERMISSIONS) : permissions;
    const locked = new Set(roleName === SUPER_ROLE ? SUPER_ROLE_KEEPS : []);
    return {
      canChange: (id: string) => rights.has(id) && !locked.has(id),
      /** Whether the role (its current permissions) lies within the editor's rights at all. */
      canEdit: (current: readonly string[]) => current.every((p) => rights.has(p)),
    };
  }, [profile?.role, permissions, roleName]);
}
