import { endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import { type GeneratedReport, reportsEndpoints } from '@app/contract/reports';
import {
  Box,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { API_BASE, callBlob } from '../../app/api';
import { LoadError } from '../../components/list/ListStates';
import { showReportFailed } from './report-popups';
import { formatBytes, saveSpreadsheet } from './report-request';

const POLL_MS = 2000;
const STATUS_LABELS: Record<GeneratedReport['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};
const isActive = (r: GeneratedReport) => r.status === 'queued' || r.status === 'running';

function percent(r: GeneratedReport): number {
  if (r.status === 'done') return 100;
  return r.total ? Math.min(100, Math.round((r.done / r.total) * 100)) : 0;
}

async function download(report: GeneratedReport) {
  try {
    saveSpreadsheet(
      await callBlob(reportsEndpoints.file, { params: { id: report.id } }),
      `${report.type}.xlsx`,
    );
  } catch {
    await showReportFailed();
  }
}

/**
 * Background reports of the last 7 days: one's own, or everyone's for holders of User Roles (the
 * server decides). Refreshed every two seconds while any is still queued or running.
 */
export function GeneratedReports({ refreshKey }: { refreshKey: number }) {
  const { data, error, isPending, refetch } = useGetList<GeneratedReport>(
    resourceOf(reportsEndpoints.generated.list),
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'DESC' } },
    {
      refetchInterval: (query) => (query.state.data?.data.some(isActive) ? POLL_MS : false),
      // A failure shows at once, with Retry, as on the lists.
      retry: false,
    },
  );
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);

  const rows = data ?? [];
  return (
    <Box component="section" aria-labelledby="generated-reports" sx={{ mt: 4 }}>
      <Typography id="generated-reports" variant="h6" component="h2" gutterBottom>
        Generated reports
      </Typography>
      {error ? (
        <LoadError subject="The generated reports" error={error} onRetry={refetch} />
      ) : isPending ? (
        <LinearProgress aria-label="Loading the generated reports" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No reports generated in the last 7 days.</Typography>
      ) : (
        // At phone width the table scrolls inside its own box; the page never scrolls sideways.
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {[
                  'Report',
                  'Range',
                  'Requested by',
                  'Status',
                  'Progress',
                  'Rows',
                  'Size',
                  'Created',
                  'Expires',
                  '',
                ].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid={`generated-report-${r.id}`}>
                  <TableCell>{r.label}</TableCell>
                  <TableCell>
                    {r.startDate} – {r.endDate}
                  </TableCell>
                  <TableCell>{r.requestedByName}</TableCell>
                  <TableCell>{STATUS_LABELS[r.status]}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    <LinearProgress
                      variant="determinate"
                      value={percent(r)}
                      color={r.status === 'failed' ? 'error' : 'primary'}
                      aria-label={`Progress of report ${r.id}`}
                    />
                  </TableCell>
                  <TableCell>{r.rows ?? ''}</TableCell>
                  <TableCell>{formatBytes(r.size)}</TableCell>
                  <TableCell>{formatDateTime(r.createdAt)}</TableCell>
                  <TableCell>{formatDateTime(r.expiresAt)}</TableCell>
                  <TableCell>
                    {r.status === 'done' && (
                      <Link
                        href={`${API_BASE}${endpointPath(reportsEndpoints.file, { id: r.id })}`}
                        onClick={(event) => {
                          // The file needs the stored token, which a plain link would not send.
                          event.preventDefault();
                          void download(r);
                        }}
                      >
                        Download
                      </Link>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
