import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { formatIst } from '../../components/IstDateField';

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
    <Table size="small">
      <TableHead>
        <TableRow>
          {[...columns.map(([h]) => h), 'Effective from', 'Set by', 'Set on', ''].map((h) => (
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
            <TableCell>{formatIst(r.effectiveFrom)}</TableCell>
            <TableCell>{r.createdByName ?? '—'}</TableCell>
            <TableCell>{formatIst(r.createdAt)}</TableCell>
            <TableCell>{r.current && <Chip size="small" color="success" label="In force" />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Today in Asia/Kolkata as YYYY-MM-DD: the earliest effective-from the server accepts. */
export const todayIst = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
