import { formatCount } from '@app/contract/format';
import type { InvoiceDetail } from '@app/contract/invoices';
import { LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useRecordDetail } from '../../app/use-record-detail';
import { LoadError } from '../../components/list/ListStates';
import { INVOICES_RESOURCE } from './invoice-paths';

/**
 * The lines of the expanded invoice: SKU, quantity and how many coupons are live against each, from
 * the invoice's own route (the list's row carries counts, not lines).
 */
export function InvoiceLines() {
  const record = useRecordContext();
  const { data, error, refetch } = useRecordDetail<InvoiceDetail>(INVOICES_RESOURCE, record?.id);
  if (error) return <LoadError subject="The lines of this invoice" error={error} onRetry={refetch} />;
  if (!data) return <LinearProgress aria-label="Loading the invoice's lines" sx={{ my: 1 }} />;
  return (
    <Table size="small" sx={{ maxWidth: 720 }} aria-label={`Lines of invoice ${data.number}`}>
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
