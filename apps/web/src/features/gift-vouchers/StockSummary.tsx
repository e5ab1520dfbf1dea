import { formatCount, formatRupees } from '@app/contract/format';
import { giftVouchersEndpoints } from '@app/contract/gift-vouchers';
import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect } from 'react';
import { useEndpoint } from '../../components/use-api-get';

const COUNTS = [
  ['available', 'Available'],
  ['expiringSoon', 'Expiring in 30 days'],
  ['issued', 'Issued'],
  ['expired', 'Expired'],
  ['void', 'Void'],
] as const;

/** Stock by brand and denomination: what can still be issued, and what is about to lapse. */
export function StockSummary({ version }: { version: number }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const { data, error, reload } = useEndpoint(giftVouchersEndpoints.summary);
  // A new `version` (a voucher added) reads the summary again.
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return null;
  if (data.length === 0) return null;
  if (narrow)
    return (
      <Box sx={{ mb: 2 }} aria-label="Stock by brand and denomination" component="section">
        <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
          Stock by brand and denomination
        </Typography>
        {data.map((r) => (
          <Typography key={`${r.brand}-${r.denominationPaise}`} variant="body2" sx={{ py: 0.5 }}>
            <b>
              {r.brand} · {formatRupees(r.denominationPaise)}
            </b>
            : {COUNTS.map(([key, label]) => `${formatCount(r[key])} ${label.toLowerCase()}`).join(' · ')}
          </Typography>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto', mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        Stock by brand and denomination
      </Typography>
      <Table size="small" aria-label="Stock by brand and denomination">
        <TableHead>
          <TableRow>
            <TableCell>Brand</TableCell>
            <TableCell align="right">Denomination</TableCell>
            {COUNTS.map(([, label]) => (
              <TableCell key={label} align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((r) => (
            <TableRow key={`${r.brand}-${r.denominationPaise}`}>
              <TableCell>{r.brand}</TableCell>
              <TableCell align="right">{formatRupees(r.denominationPaise)}</TableCell>
              {COUNTS.map(([key]) => (
                <TableCell
                  key={key}
                  align="right"
                  sx={
                    key === 'available' && r.available === 0 ? { color: 'error.main', fontWeight: 600 } : {}
                  }
                >
                  {formatCount(r[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
