import { LEDGER_KIND_LABELS, type LedgerKind } from '@app/contract/ledger';
import { Datagrid, FunctionField, TextField } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';

/** Ledger entry columns shared by QR Points History and the credits lists. */
export function LedgerDatagrid() {
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="createdAt" label="Time" />
      <TextField source="memberCode" label="Code" sortable={false} />
      <TextField source="memberName" label="Member" sortable={false} />
      <FunctionField
        label="Kind"
        render={(r) => LEDGER_KIND_LABELS[r.kind as LedgerKind] ?? r.kind}
        sortable={false}
      />
      <CountField source="amount" label="Points" />
      <CountField source="balanceAfter" label="Balance after" sortable={false} />
      <TextField source="reference" sortable={false} />
      <TextField source="staffName" label="By" sortable={false} emptyText="—" />
      <TextField source="note" sortable={false} emptyText="—" />
    </Datagrid>
  );
}
