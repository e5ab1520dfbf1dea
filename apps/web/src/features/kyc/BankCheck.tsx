import { bankVerificationEndpoints, type BankCheck as Check } from '@app/contract/bank-verification';
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
 * The bank account checked with the bank: the name the bank holds, its match score against the
 * member's KYC name, who checked and when. A mismatched or failed account cannot be paid.
 */
export function BankCheck({ submissionId }: { submissionId: number }) {
  const { can } = useProfile();
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { id: String(submissionId) };
  const load = useCallback(() => {
    call(bankVerificationEndpoints.get, { params: { id: String(submissionId) } })
      .then(setCheck)
      .catch((e: Error) => setError(e.message));
  }, [submissionId]);
  useEffect(load, [load]);
  const verify = () => {
    setBusy(true);
    setError(null);
    call(bankVerificationEndpoints.verify, { params })
      .then(setCheck)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {check && <Chip size="small" color={COLOURS[check.status]} label={check.status} />}
        {check?.bankName && (
          <Typography variant="body2">
            Bank’s name: <strong>{check.bankName}</strong> · match with “{check.kycName}”:{' '}
            <strong>{check.score ?? '—'}</strong>/100
          </Typography>
        )}
        {can('kyc.decide') && (
          <Button size="small" disabled={busy} onClick={verify}>
            {check?.status === 'pending' ? 'Get the result' : 'Verify with the bank'}
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
          {error}
        </Typography>
      )}
    </Stack>
  );
}
