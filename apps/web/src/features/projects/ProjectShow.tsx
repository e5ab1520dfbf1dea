import { endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  PROJECT_STAGE_LABELS,
  PROJECT_TYPE_LABELS,
  PROJECTS_PAGE,
  projectsEndpoints,
} from '@app/contract/projects';
import ListIcon from '@mui/icons-material/List';
import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, ResourceContextProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { AttachmentStrip } from '../../components/AttachmentStrip';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { pageTitle } from '../../components/list/ListPage';
import { useEndpoint } from '../../components/use-api-get';
import { ProjectDecision } from './ProjectDecision';
import { projectPaths } from './project-paths';

const e = projectsEndpoints;

/** One project: what the member registered, its photos, the decision, and its history. */
export function ProjectShow() {
  const { id = '' } = useParams();
  const { data: p, error, reload } = useEndpoint(e.one, { params: { id } });
  const history = useEndpoint(e.history, { params: { id } });
  const back = (
    <Button label={`Back to ${pageTitle(PROJECTS_PAGE)}`} component={Link} to={projectPaths.list}>
      <ListIcon />
    </Button>
  );
  if (error)
    return (
      <>
        {back}
        <Alert severity="error">{error}</Alert>
      </>
    );
  if (!p) return null;
  const rows: [string, ReactNode][] = [
    ['Member', `${p.memberName} (${p.memberCode}), ${p.memberMobile}`],
    ['Site address', p.siteAddress],
    ['Pincode', p.pincode],
    ['Location', p.latitude !== null && p.longitude !== null ? `${p.latitude}, ${p.longitude}` : '—'],
    ['Type', PROJECT_TYPE_LABELS[p.type]],
    ['Stage', PROJECT_STAGE_LABELS[p.stage]],
    ['Expected quantity', formatCount(p.expectedQuantity)],
    ['Registered', formatDateTime(p.createdAt)],
    ['State', <Chip key="s" size="small" label={p.state} color={STATE_COLOURS[p.state]} />],
  ];
  if (p.state !== 'submitted')
    rows.push(
      ['Decided', `${formatDateTime(p.decidedAt)} by ${p.decidedByName ?? '—'}`],
      [p.state === 'rejected' ? 'Reason' : 'Note', p.reason ?? '—'],
    );
  if (p.state === 'approved') rows.push(['Bonus credited', `${formatCount(p.bonusPoints ?? 0)} points`]);
  const refresh = () => {
    reload();
    history.reload();
  };
  return (
    <>
      {back}
      <Typography variant="h5" component="h1">
        {p.name}
      </Typography>
      <Paper sx={{ p: 2, mt: 1 }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ maxWidth: 720 }}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" sx={{ fontWeight: 600, width: 160 }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="h6" sx={{ mt: 2 }}>
          Photos
        </Typography>
        <AttachmentStrip
          files={p.photos}
          pathOf={(fileId) => endpointPath(e.photo, { id: p.id, fileId })}
          label="Photo"
          fileName={`project-${p.id}-photo`}
          empty="No photos."
          sx={{ my: 1 }}
        />
        <ProjectDecision row={p} onDone={refresh} />
      </Paper>
      <Typography variant="h6" sx={{ mt: 2 }}>
        History
      </Typography>
      <ResourceContextProvider value={resourceOf(e.list)}>
        <AuditHistory entity="project" entityId={String(p.id)} recent={history.data} />
      </ResourceContextProvider>
    </>
  );
}

const STATE_COLOURS = { submitted: 'warning', approved: 'success', rejected: 'error' } as const;
