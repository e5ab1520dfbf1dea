import { formatDateTime } from '@app/contract/format';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

interface SettingRow {
  id: number;
  effectiveFrom: string;
  createdByName: string | null;
  createdAt: string;
  current: boolean;
}

/** A settings history table: newest effective-from first, the row in force marked. */
export function SettingsHistory<T extends SettingRow>({
  rows,
  columns,
}: {
  rows: T[];
  columns: [string, (r: T) => ReactNode][];
}) {
  return (
    // A settings table of its own (not a list): it scrolls inside its box on a narrow screen.
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {[...columns.map(([h]) => h), 'Effective from', 'Set by', 'Set on', 'Status'].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} selected={r.current}>
              {columns.map(([h, cell]) => (
                <TableCell key={h}>{cell(r)}</TableCell>
              ))}
              <TableCell>{formatDateTime(r.effectiveFrom)}</TableCell>
              <TableCell>{r.createdByName ?? '—'}</TableCell>
              <TableCell>{formatDateTime(r.createdAt)}</TableCell>
              <TableCell>{r.current && <Chip size="small" color="success" label="In force" />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
