import type { RowError } from '@app/contract/uploads';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** The first row errors of an upload (the full list is the downloadable report). */
export function UploadErrors({ errors }: { errors: RowError[] }) {
  if (errors.length === 0) return null;
  return (
    <Table size="small" sx={{ maxWidth: 900 }} aria-label="Upload errors">
      <TableHead>
        <TableRow>
          <TableCell>Row</TableCell>
          <TableCell>Column</TableCell>
          <TableCell>Message</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {errors.map((e) => (
          <TableRow key={`${e.row}-${e.column}-${e.message}`}>
            <TableCell>{e.row}</TableCell>
            <TableCell>{e.column}</TableCell>
            <TableCell>{e.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
