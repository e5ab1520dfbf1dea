import { auditEndpoints } from '@app/contract/audit';
import { resourceOf } from '@app/contract/endpoint';
import { AutocompleteInput, ReferenceInput, SearchInput, TextInput } from 'react-admin';
import { AuditChanges } from '../../components/audit/AuditChanges';
import { auditColumns, auditCompact } from '../../components/audit/AuditColumns';
import { DayInput } from '../../components/DayInput';
import { dayEnd, dayStart, endDay, startDay } from '../../components/ist-range';
import { ListPage } from '../../components/list/ListPage';
import { STAFF_RESOURCE } from './staff-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Action, entity or actor" />,
  <TextInput key="entity" source="entity" helperText="e.g. staff, role" />,
  <TextInput key="entityId" source="entityId" label="Entity ID" />,
  <TextInput key="action" source="action" helperText="e.g. staff.deactivated" />,
  <ReferenceInput key="actorId" source="actorId" reference={STAFF_RESOURCE}>
    <AutocompleteInput label="Actor" optionText="name" filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
  <DayInput key="from" source="from" label="From (IST)" parse={dayStart} format={startDay} alwaysOn />,
  <DayInput key="to" source="to" label="To (IST)" parse={dayEnd} format={endDay} alwaysOn />,
];

/**
 * The audit log browser (Manage Admin › Audit log): every staff change, filtered by entity, action,
 * actor and IST date range, filters kept in the URL.
 */
export default function AuditLogPage() {
  return (
    <ListPage
      title={false}
      resource={resourceOf(auditEndpoints.list)}
      exportName="audit-log"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No staff changes recorded yet."
      rowClick="expand"
      expand={<AuditChanges />}
      compact={auditCompact}
      columns={auditColumns(true)}
    />
  );
}
