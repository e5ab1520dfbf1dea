import { bankVerificationEndpoints, type UpiCheck as Check } from '@app/contract/bank-verification';
import { formatDateTime } from '@app/contract/format';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';

const COLOURS = {
  unverified: 'default',
  pending: 'info',
  verified: 'success',
  mismatch: 'warning',
  failed: 'error',
} as const;

/**
 * The UPI id checked through the provider: the name it is registered to, its match score against the
 * member's KYC name, who checked and when. With a verifier configured, only a verified UPI id is paid.
 */
export function UpiCheck({ submissionId }: { submissionId: number }) {
  const { can } = useProfile();
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    call(bankVerificationEndpoints.getUpi, { params: { id: String(submissionId) } })
      .then(setCheck)
      .catch((e: Error) => setError(e.message));
  }, [submissionId]);
  useEffect(load, [load]);
  const verify = () => {
    setBusy(true);
    setError(null);
    call(bankVerificationEndpoints.verifyUpi, { params: { id: String(submissionId) } })
      .then(setCheck)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  if (check && !check.upiId) return <Typography variant="body2">No UPI id</Typography>;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {check && <Chip size="small" color={COLOURS[check.status]} label={check.status} />}
        {check?.registeredName && (
          <Typography variant="body2">
            Registered to: <strong>{check.registeredName}</strong> · match with “{check.kycName}”:{' '}
            <strong>{check.score ?? '—'}</strong>/100
          </Typography>
        )}
        {can('kyc.decide') && (
          <Button size="small" disabled={busy} onClick={verify}>
            {check?.status === 'pending' ? 'Get the result' : 'Verify UPI id'}
          </Button>
        )}
      </Stack>
      {check?.checkedAt && (
        <Typography variant="caption">
          Checked by {check.checkedBy ?? 'the system'} on {formatDateTime(check.checkedAt)}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" color="error">
          {error}{' '}
          <Button size="small" onClick={load}>
            Retry
          </Button>
        </Typography>
      )}
    </Stack>
  );
}
