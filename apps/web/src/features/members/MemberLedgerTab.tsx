import { Datagrid, List, NumberField, TextField } from 'react-admin';
import { IstDateField } from '../../components/IstDateField';

/** The member's points ledger, newest first; the balance column is the running balance. */
export function MemberLedgerTab({ memberId }: { memberId: string }) {
  return (
    <List
      resource={`admin/users/${memberId}/ledger`}
      sort={{ field: 'id', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={false}
      actions={false}
      title={false}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <IstDateField source="createdAt" label="Time" sortBy="createdAt" />
        <TextField source="kind" sortable={false} />
        <NumberField source="amount" label="Points" />
        <NumberField source="balanceAfter" label="Balance after" sortable={false} />
        <TextField source="reference" sortable={false} />
        <TextField source="staffName" label="By" sortable={false} emptyText="—" />
        <TextField source="note" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
