import { formatDateTime } from '@app/contract/format';
import { Datagrid, FunctionField, type RaRecord, TextField } from 'react-admin';
import { DateTimeField } from '../fields';
import type { CompactRow } from '../list/CompactList';
import { AuditChanges } from './AuditChanges';

const actor = (r: RaRecord) => (r.actorName ? `${r.actorName} (${r.actorRole ?? '—'})` : 'System');

/** The audit entry columns shared by the audit log and the History tabs. */
export const auditColumns = (showEntity: boolean) => [
  <DateTimeField key="at" source="at" label="When" />,
  <FunctionField key="who" label="Who" render={actor} sortable={false} />,
  <TextField key="action" source="action" sortable={false} />,
  ...(showEntity
    ? [
        <TextField key="entity" source="entity" sortable={false} />,
        <TextField key="entityId" source="entityId" label="Entity ID" sortable={false} />,
      ]
    : []),
];

export const auditCompact: CompactRow = {
  primary: (r) => String(r.action),
  secondary: (r) => `${r.entity} ${r.entityId} · ${actor(r)}`,
  tertiary: (r) => formatDateTime(r.at),
};

/** A History tab's table (no list controller of its own); rows expand to the changes. */
export function AuditDatagrid({ showEntity = true }: { showEntity?: boolean }) {
  return (
    <Datagrid bulkActionButtons={false} expand={<AuditChanges />} rowClick="expand">
      {auditColumns(showEntity)}
    </Datagrid>
  );
}
