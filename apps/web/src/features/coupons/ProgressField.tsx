import { formatCount } from '@app/contract/format';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** The fields of a contract row that hold a number: a field the API does not send fails type-check. */
type NumberField<R> = { [K in keyof R]-?: R[K] extends number | null ? K : never }[keyof R] & string;

/**
 * A task's progress as a bar with "done / total" while `busy`, then the `count` (default `total`)
 * once finished; `label` is for the list header. Pass the contract row type (`ProgressField<PrintRow>`)
 * so the field names are checked against what the API sends.
 */
export function ProgressField<R extends object = Record<string, number>>(props: {
  label?: string;
  done: NumberField<R>;
  total: NumberField<R>;
  count?: NumberField<R>;
  busy: (r: Record<string, unknown>) => boolean;
}) {
  const record = useRecordContext();
  if (!record) return null;
  const done = Number(record[props.done] ?? 0);
  const total = Number(record[props.total] ?? 0);
  const pct = total > 0 ? Math.min(100, (100 * done) / total) : 0;
  if (!props.busy(record)) {
    return (
      <Typography variant="body2">{formatCount(Number(record[props.count ?? props.total] ?? 0))}</Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 160 }} role="progressbar" aria-valuenow={Math.round(pct)} aria-label="progress">
      <LinearProgress variant="determinate" value={pct} />
      <Typography variant="caption">
        {formatCount(done)} / {formatCount(total)} ({Math.floor(pct)}%)
      </Typography>
    </Box>
  );
}
