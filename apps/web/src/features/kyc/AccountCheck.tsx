import {
  type BankCheck,
  bankVerificationEndpoints as e,
  type UpiCheck,
} from '@app/contract/bank-verification';
import { actionOf } from '@app/contract/endpoint';
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

/** What differs between the two checks: where they are read and run, and how the provider's name reads. */
const KINDS = {
  bank: {
    get: (id: string) => call(e.get, { params: { id } }),
    verify: (id: string) => call(e.verify, { params: { id } }),
    action: actionOf(e.verify),
    nameOf: (c: BankCheck | UpiCheck) => ('bankName' in c ? c.bankName : null),
    nameLabel: 'Bank’s name',
    verifyLabel: 'Verify with the bank',
  },
  upi: {
    get: (id: string) => call(e.getUpi, { params: { id } }),
    verify: (id: string) => call(e.verifyUpi, { params: { id } }),
    action: actionOf(e.verifyUpi),
    nameOf: (c: BankCheck | UpiCheck) => ('registeredName' in c ? c.registeredName : null),
    nameLabel: 'Registered to',
    verifyLabel: 'Verify UPI id',
  },
} as const;

/**
 * A payout destination checked through the provider (bank account or UPI id): the name the provider
 * holds, its match score against the member's KYC name, who checked and when. A mismatched or failed
 * account cannot be paid; with a verifier configured, only a verified UPI id is paid.
 */
export function AccountCheck({ submissionId, kind }: { submissionId: number; kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  const id = String(submissionId);
  const { can } = useProfile();
  const [check, setCheck] = useState<BankCheck | UpiCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const subject = kind === 'bank' ? 'The bank check' : 'The UPI check';
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    setError(null);
    k.get(id)
      .then(setCheck)
      .catch((err: Error) => setError(`${subject} could not be loaded: ${err.message}`));
  }, [k, id, subject]);
  useEffect(load, [load]);
  const verify = () => {
    setBusy(true);
    setError(null);
    k.verify(id)
      .then(setCheck)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  if (check && 'upiId' in check && !check.upiId) return <Typography variant="body2">No UPI id</Typography>;
  const providerName = check && k.nameOf(check);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {check && <Chip size="small" color={COLOURS[check.status]} label={check.status} />}
        {providerName && (
          <Typography variant="body2">
            {k.nameLabel}: <strong>{providerName}</strong> · match with “{check.kycName}”:{' '}
            <strong>{check.score ?? '—'}</strong>/100
          </Typography>
        )}
        {can(k.action) && (
          <Button size="small" disabled={busy} onClick={verify}>
            {check?.status === 'pending' ? 'Get the result' : k.verifyLabel}
          </Button>
        )}
      </Stack>
      {check?.checkedAt && (
        <Typography variant="caption">
          Checked by {check.checkedBy ?? 'the system'} on {formatDateTime(check.checkedAt)}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}{' '}
          <Button size="small" onClick={load}>
            Retry
          </Button>
        </Typography>
      )}
    </Stack>
  );
}
