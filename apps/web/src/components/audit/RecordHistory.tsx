import type { AuditEntry } from '@app/contract/audit';
import type { Endpoint } from '@app/contract/endpoint';
import { Box, Typography } from '@mui/material';
import { useProfile } from '../../app/profile-context';
import { useApiGet } from '../use-api-get';
import { AuditHistory } from './AuditHistory';

/** The audit log lives under Manage Admin: its holders page through it, others read the record's own. */
const AUDIT_PAGE = '/dashboard/manageadmin';

/**
 * A record's History section (one component for every record staff change): its audit entries,
 * newest first, each expandable to what changed. Holders of Manage Admin page through the audit log;
 * anyone else who reads the record gets its latest entries from the record's `history` endpoint
 * (contract `historyEndpoint`, part of every record kit).
 */
export function RecordHistory({
  entity,
  id,
  history,
  heading = true,
}: {
  entity: string;
  id: string | number;
  /** The record's history declaration (e.g. `storesEndpoints.history`) or its API path with the id. */
  history: (Endpoint & { method: 'GET' }) | string;
  heading?: boolean;
}) {
  const { can } = useProfile();
  return (
    <Box component="section" aria-label="History" sx={{ mt: 3 }}>
      {heading && (
        <Typography variant="h6" component="h2">
          History
        </Typography>
      )}
      {can(AUDIT_PAGE) ? (
        <AuditHistory entity={entity} entityId={String(id)} />
      ) : (
        <Recent
          entity={entity}
          id={id}
          path={typeof history === 'string' ? history : history.path.replace(':id', String(id))}
        />
      )}
    </Box>
  );
}

function Recent({ entity, id, path }: { entity: string; id: string | number; path: string }) {
  const { data } = useApiGet<AuditEntry[]>(path);
  return <AuditHistory entity={entity} entityId={String(id)} recent={data ?? []} />;
}
