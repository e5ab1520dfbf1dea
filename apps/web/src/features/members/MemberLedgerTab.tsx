import { Datagrid, List, TextField } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';

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
        <DateTimeField source="createdAt" label="Time" sortBy="createdAt" />
        <TextField source="kind" sortable={false} />
        <CountField source="amount" label="Points" />
        <CountField source="balanceAfter" label="Balance after" sortable={false} />
        <TextField source="reference" sortable={false} />
        <TextField source="staffName" label="By" sortable={false} emptyText="—" />
        <TextField source="note" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
