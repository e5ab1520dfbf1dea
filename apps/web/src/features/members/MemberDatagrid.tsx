import type { ReactElement } from 'react';
import { ChipField, Datagrid, FunctionField, type RaRecord, TextField } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';

/** The member columns every member list shares; `extra` columns (reason, actions) go at the end. */
export function MemberDatagrid({
  rowClick,
  bulkActionButtons,
  extra,
}: {
  rowClick?: (id: RaRecord['id']) => string | false;
  bulkActionButtons?: ReactElement | false;
  extra?: ReactElement[];
}) {
  return (
    <Datagrid rowClick={rowClick ?? false} bulkActionButtons={bulkActionButtons ?? false}>
      <TextField source="code" />
      <TextField source="name" />
      <TextField source="mobile" sortable={false} />
      <TextField source="type" sortable={false} />
      <FunctionField label="Place" render={(r) => `${r.district}, ${r.state}`} sortable={false} />
      <TextField source="dealerName" label="Dealer" sortable={false} emptyText="—" />
      <ChipField source="status" size="small" sortable={false} />
      <TextField source="kycStatus" label="KYC" sortable={false} />
      <CountField source="balance" />
      <DateTimeField source="createdAt" label="Registered" />
      {extra}
    </Datagrid>
  );
}
