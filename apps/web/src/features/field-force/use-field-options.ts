import type { BdeOption, EmployeeOption } from '@app/contract/employees';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';

function useOptions<T>(path: string): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    api<T[]>(path)
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [path]);
  return rows;
}

/** Employees for pickers: "code · name", inactive ones marked and disabled. */
export function useEmployeeChoices() {
  return useOptions<EmployeeOption>('/admin/employees/options').map((e) => ({
    id: e.id,
    name: `${e.code} · ${e.name}${e.status === 'inactive' ? ' (inactive)' : ''}`,
    disabled: e.status === 'inactive',
    isBde: e.isBde,
  }));
}

/** BDEs for pickers and filters: "code · name", field access off marked. */
export function useBdeChoices() {
  return useOptions<BdeOption>('/admin/bdes/options').map((b) => ({
    id: b.id,
    name: `${b.code} · ${b.name}${b.active ? '' : ' (field app off)'}`,
    active: b.active,
  }));
}
