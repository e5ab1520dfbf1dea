import { formatCount } from '@app/contract/format';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** A task's progress as a bar with "done / total"; `label` is for the list header. */
export function ProgressField(props: {
  label?: string;
  done: string;
  total: string;
  busy: (r: Record<string, unknown>) => boolean;
}) {
  const record = useRecordContext();
  if (!record) return null;
  const done = Number(record[props.done] ?? 0);
  const total = Number(record[props.total] ?? 0);
  const pct = total > 0 ? Math.min(100, (100 * done) / total) : 0;
  if (!props.busy(record)) return <Typography variant="body2">{formatCount(total)}</Typography>;
  return (
    <Box sx={{ minWidth: 160 }} role="progressbar" aria-valuenow={Math.round(pct)} aria-label="progress">
      <LinearProgress variant="determinate" value={pct} />
      <Typography variant="caption">
        {formatCount(done)} / {formatCount(total)} ({Math.floor(pct)}%)
      </Typography>
    </Box>
  );
}
