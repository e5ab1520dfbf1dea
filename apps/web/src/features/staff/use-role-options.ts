import type { StaffRoleOption } from '@app/contract/staff';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';

/**
 * Every role for the account forms and the list filter, each marked with whether the signed-in
 * account may assign it (GET /admin/staff/role-options: Manage Admin holders need not hold User Roles).
 */
export function useRoleOptions(): StaffRoleOption[] {
  const [options, setOptions] = useState<StaffRoleOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api<StaffRoleOption[]>('/admin/staff/role-options', { signal: controller.signal })
      .then(setOptions)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the roles', error);
      });
    return () => controller.abort();
  }, []);
  return options;
}
