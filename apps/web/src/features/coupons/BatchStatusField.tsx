import { type BatchRow, couponBatchesEndpoints } from '@app/contract/coupon-batches';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { call } from '../../app/api';
import { StatusChip } from '../../components/StatusChip';

/**
 * A batch's status: "interrupted, resuming" while a crashed generation is taken up again; a
 * failed batch says why and offers to generate it again.
 */
export function BatchStatusField(_props: { label?: string }) {
  const batch = useRecordContext<BatchRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!batch) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await call(couponBatchesEndpoints.retry, { params: { id: batch.id } });
      notify('Batch queued again: its codes are being generated', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusChip />
      {batch.status === 'generating' && batch.interrupted && (
        <Typography variant="caption" color="warning.main">
          interrupted, resuming
        </Typography>
      )}
      {batch.status === 'failed' && (
        <>
          {batch.error && (
            <Typography variant="caption" color="error">
              {batch.error}
            </Typography>
          )}
          <Button size="small" onClick={() => void retry()} disabled={busy}>
            Retry
          </Button>
        </>
      )}
    </Stack>
  );
}
