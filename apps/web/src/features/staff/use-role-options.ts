import { type StaffRoleOption, staffEndpoints } from '@app/contract/staff';
import { useEffect, useState } from 'react';
import { call } from '../../app/api';

/**
 * Every role for the account forms and the list filter, each marked with whether the signed-in
 * account may assign it (GET /admin/staff/role-options: Manage Admin holders need not hold User Roles).
 */
export function useRoleOptions(): StaffRoleOption[] {
  const [options, setOptions] = useState<StaffRoleOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    call(staffEndpoints.roleOptions, { signal: controller.signal })
      .then(setOptions)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the roles', error);
      });
    return () => controller.abort();
  }, []);
  return options;
}
