import { formatCount, formatDateTime } from '@app/contract/format';
import { segmentsEndpoints } from '@app/contract/segments';
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEndpoint } from '../../components/use-api-get';

const pct = (lift: number | null) =>
  lift === null ? '—' : `${lift >= 0 ? '+' : ''}${(lift * 100).toFixed(1)}%`;
const perMember = (count: number, members: number) => (members === 0 ? '—' : (count / members).toFixed(2));

/**
 * Manage Notification → Campaigns: every notification, scheme or game aimed at a segment, with the
 * lift: scans and redemptions per member of those reached against the holdout, in the campaign window.
 */
export function CampaignsTab() {
  const { data, error, reload } = useEndpoint(segmentsEndpoints.campaigns);
  if (error)
    return (
      <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
        {error}
      </Alert>
    );
  if (!data) return null;
  if (data.length === 0)
    return <Typography color="text.secondary">No campaign has been aimed at a segment yet.</Typography>;
  return (
    <Table size="small" aria-label="Campaigns">
      <TableHead>
        <TableRow>
          <TableCell>Campaign</TableCell>
          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Window</TableCell>
          <TableCell align="right">Reached / held out</TableCell>
          <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
            Scans per member
          </TableCell>
          <TableCell align="right">Scan lift</TableCell>
          <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
            Redemption lift
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((c) => (
          <TableRow key={c.id}>
            <TableCell>
              {c.kind} #{c.targetId ?? '—'} · {c.segmentName} · holdout {c.holdoutPercent}%
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)}
            </TableCell>
            <TableCell align="right">
              {formatCount(c.reached)} / {formatCount(c.holdout)}
            </TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {perMember(c.reachedScans, c.reached)} vs {perMember(c.holdoutScans, c.holdout)}
            </TableCell>
            <TableCell align="right">{pct(c.scanLift)}</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {pct(c.redemptionLift)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
