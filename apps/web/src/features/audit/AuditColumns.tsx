import { Datagrid, FunctionField, type RaRecord, TextField } from 'react-admin';
import { DateTimeField } from '../../components/fields';
import { AuditChanges } from './AuditChanges';

const actor = (r: RaRecord) => (r.actorName ? `${r.actorName} (${r.actorRole ?? '—'})` : 'System');

/** The audit entry table shared by the audit log and the History tabs; rows expand to the changes. */
export function AuditDatagrid({ showEntity = true }: { showEntity?: boolean }) {
  return (
    <Datagrid bulkActionButtons={false} expand={<AuditChanges />} rowClick="expand">
      <DateTimeField source="at" label="When" />
      <FunctionField label="Who" render={actor} sortable={false} />
      <TextField source="action" sortable={false} />
      {showEntity && <TextField source="entity" sortable={false} />}
      {showEntity && <TextField source="entityId" label="Entity ID" sortable={false} />}
    </Datagrid>
  );
}
