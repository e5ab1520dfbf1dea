import { formatCount } from '@app/contract/format';
import type { InvoiceDetail } from '@app/contract/invoices';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useGetOne, useRecordContext } from 'react-admin';
import { INVOICES_RESOURCE } from './invoice-paths';

/** The lines of the expanded invoice: SKU, quantity and how many coupons are live against each. */
export function InvoiceLines() {
  const record = useRecordContext();
  const { data } = useGetOne<InvoiceDetail & { id: number }>(
    INVOICES_RESOURCE,
    { id: Number(record?.id) },
    { enabled: Boolean(record) },
  );
  if (!data) return null;
  return (
    <Table size="small" sx={{ maxWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell>SKU</TableCell>
          <TableCell>Product</TableCell>
          <TableCell align="right">Quantity</TableCell>
          <TableCell align="right">Allocated</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.lineItems.map((l) => (
          <TableRow key={l.id}>
            <TableCell>{l.id}</TableCell>
            <TableCell>{l.sku}</TableCell>
            <TableCell>{l.productName}</TableCell>
            <TableCell align="right">{formatCount(l.quantity)}</TableCell>
            <TableCell align="right">{formatCount(l.allocated)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
