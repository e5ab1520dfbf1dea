import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

type Snapshot = Record<string, unknown> | null | undefined;
const asObject = (v: unknown): Snapshot =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : v == null
      ? null
      : { value: v };
const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** An audit entry's before/after, one row per field, changed fields in bold. */
export function AuditChanges() {
  const record = useRecordContext();
  if (!record) return null;
  const before = asObject(record.before);
  const after = asObject(record.after);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <Typography variant="body2">No field details recorded.</Typography>;
  return (
    <Table size="small" aria-label="Changes">
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((key) => {
          const b = show(before?.[key]);
          const a = show(after?.[key]);
          const changed = before !== null && after !== null && a !== b;
          return (
            <TableRow key={key}>
              <TableCell sx={{ fontWeight: changed ? 'bold' : undefined }}>{key}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{b}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{a}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
