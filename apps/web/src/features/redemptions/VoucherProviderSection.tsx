import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime, formatRupees } from '@app/contract/format';
import {
  VOUCHER_PROVIDER_LABELS,
  type VoucherOrderRow,
  type VoucherProviderStatus,
  voucherOrderEndpoints,
} from '@app/contract/voucher-orders';
import {
  Alert,
  Button,
  Paper,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CutText } from '../../components/CutText';
import { LoadError } from '../../components/list/ListStates';
import { WideTable } from '../../components/WideTable';

/**
 * Gift Vouchers → Provider: vouchers bought from the provider when a reward has no uploaded stock.
 * The wallet balance as the provider answers it now, the orders by status, and the failed ones (their
 * redemptions wait) with a retry, which never buys twice (the provider is asked under our reference).
 */
export function VoucherProviderSection() {
  const { can } = useProfile();
  const [status, setStatus] = useState<VoucherProviderStatus | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [retrying, setRetrying] = useState<VoucherOrderRow | null>(null);
  const load = useCallback(() => {
    call(voucherOrderEndpoints.status)
      .then((s) => {
        setStatus(s);
        setError(null);
      })
      .catch((e: Error) => setError(e));
  }, []);
  useEffect(load, [load]);
  if (error) return <LoadError subject="The voucher provider's status" error={error} onRetry={load} />;
  if (!status?.provider) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} component="section" aria-label="Voucher provider">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2">
          Provider: {VOUCHER_PROVIDER_LABELS[status.provider]}
        </Typography>
        <Typography variant="body2">
          Balance:{' '}
          <strong>
            {status.balance
              ? status.balance.currency === 'INR'
                ? formatRupees(Math.round(status.balance.value * 100))
                : `${status.balance.value} ${status.balance.currency}`
              : '—'}
          </strong>
        </Typography>
        <Typography variant="body2">
          Bought: {formatCount(status.counts.placed)} · in progress:{' '}
          {formatCount(status.counts.queued + status.counts.sending)} · failed:{' '}
          {formatCount(status.counts.failed)}
        </Typography>
        <Button size="small" onClick={load}>
          Refresh
        </Button>
      </Stack>
      {status.balanceError && (
        <Alert severity="warning" action={<Button onClick={load}>Retry</Button>}>
          The balance could not be read: {status.balanceError}
        </Alert>
      )}
      {status.failures.length > 0 && (
        <WideTable label="Failed voucher orders">
          <TableHead>
            <TableRow>
              {['Redemption', 'Reference', 'Brand', 'Value', 'Attempts', 'Error', 'When', 'Actions'].map(
                (h) => (
                  <TableCell key={h} align={h === 'Value' || h === 'Attempts' ? 'right' : 'left'}>
                    {h}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {status.failures.map((o) => (
              <TableRow key={o.id}>
                <TableCell>{o.redemptionId}</TableCell>
                <TableCell>{o.poNumber}</TableCell>
                <TableCell>{o.brand}</TableCell>
                <TableCell align="right">{formatRupees(o.denominationPaise)}</TableCell>
                <TableCell align="right">{formatCount(o.attempts)}</TableCell>
                <TableCell>
                  <CutText text={o.error} />
                </TableCell>
                <TableCell>{formatDateTime(o.updatedAt)}</TableCell>
                <TableCell>
                  {can(actionOf(voucherOrderEndpoints.retry)) && (
                    <Button size="small" onClick={() => setRetrying(o)}>
                      Retry
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </WideTable>
      )}
      {retrying && (
        <ConfirmDialog
          title={`Retry the voucher of redemption ${retrying.redemptionId}`}
          text={`The provider is asked for ${retrying.poNumber} first; it is bought only if the provider has no order under it.`}
          verb="Retry"
          onSubmit={async () => {
            await call(voucherOrderEndpoints.retry, { params: { id: String(retrying.id) } });
            load();
          }}
          onClose={() => setRetrying(null)}
        />
      )}
    </Paper>
  );
}
