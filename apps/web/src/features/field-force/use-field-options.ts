import { bdesEndpoints, employeesEndpoints } from '@app/contract/employees';
import { useOptions } from '../../components/use-options';

/** Employees for pickers: "code · name", inactive ones marked and disabled. */
export function useEmployeeChoices() {
  return useOptions(employeesEndpoints.options).map((e) => ({
    id: e.id,
    name: `${e.code} · ${e.name}${e.status === 'inactive' ? ' (inactive)' : ''}`,
    disabled: e.status === 'inactive',
    isBde: e.isBde,
  }));
}

/** BDEs for pickers and filters: "code · name", field access off marked. */
export function useBdeChoices() {
  return useOptions(bdesEndpoints.options).map((b) => ({
    id: b.id,
    name: `${b.code} · ${b.name}${b.active ? '' : ' (field app off)'}`,
    active: b.active,
  }));
}
