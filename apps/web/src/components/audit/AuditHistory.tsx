import type { AuditEntry } from '@app/contract/audit';
import { auditEndpoints } from '@app/contract/audit';
import { resourceOf } from '@app/contract/endpoint';
import { Typography } from '@mui/material';
import { ListContextProvider, Pagination, ResourceContextProvider, useList } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { ListPage } from '../list/ListPage';
import { AuditChanges } from './AuditChanges';
import { AuditDatagrid, auditColumns, auditCompact } from './AuditColumns';

/** The audit log lives under Manage Admin: its holders page through it, others see `recent`. */
const AUDIT_PAGE = '/dashboard/manageadmin';

const None = () => <Typography sx={{ p: 2 }}>No history yet.</Typography>;

/**
 * An entity's History tab: its audit entries, newest first, each expandable to what changed.
 * `recent` (the latest entries the entity's own endpoint returns) stands in for callers who may
 * not browse the audit log, e.g. a role manager without Manage Admin.
 */
export function AuditHistory({
  entity,
  entityId,
  recent,
}: {
  entity: string;
  entityId: string;
  recent?: AuditEntry[];
}) {
  const { can } = useProfile();
  if (!can(AUDIT_PAGE)) return <RecentHistory entries={recent ?? []} />;
  return (
    <ListPage
      title={false}
      resource={resourceOf(auditEndpoints.list)}
      filter={{ entity, entityId }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      disableSyncWithLocation
      storeKey={`audit-${entity}-${entityId}`}
      exportPath={false}
      empty="No history yet."
      rowClick="expand"
      expand={<AuditChanges />}
      columns={auditColumns(false)}
      compact={auditCompact}
    />
  );
}

function RecentHistory({ entries }: { entries: AuditEntry[] }) {
  const context = useList({ data: entries, perPage: 10 });
  if (entries.length === 0) return <None />;
  // The grid asks its resource what the role may do with it: the audit log's, read-only here.
  return (
    <ResourceContextProvider value={resourceOf(auditEndpoints.list)}>
      <ListContextProvider value={context}>
        <AuditDatagrid showEntity={false} />
        <Pagination rowsPerPageOptions={[10]} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
