import { KYC_REJECT_REASONS } from '@app/contract/kyc';
import { Alert, MenuItem, Button as MuiButton, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, api } from '../../app/api';
import { useProfile } from '../../app/profile-context';

interface Submission {
  id: number;
  claimedBy: number | null;
  claimedByName: string | null;
}

/** Claim → approve, or reject with a reason from the list plus a comment; or release the claim. */
export function KycDecision({ submission, onChange }: { submission: Submission; onChange(): void }) {
  const { profile, can } = useProfile();
  const notify = useNotify();
  const [reasonCode, setReasonCode] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mine = submission.claimedBy !== null && submission.claimedBy === profile?.id;

  const run = async (action: string, body: object = {}) => {
    try {
      setErrors({});
      await api(`/admin/kyc/${submission.id}/${action}`, { method: 'POST', body });
      if (action === 'approve' || action === 'reject') notify(`KYC ${action}d`, { type: 'success' });
      onChange();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
      onChange();
    }
  };

  if (!can('kyc.decide')) return null;
  if (!mine) {
    return (
      <Stack spacing={1} sx={{ maxWidth: 480 }}>
        {submission.claimedByName && <Alert severity="info">Claimed by {submission.claimedByName}</Alert>}
        <MuiButton
          variant="contained"
          onClick={() => run('claim')}
          disabled={Boolean(submission.claimedByName)}
        >
          Claim for review
        </MuiButton>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Alert severity="success">You are reviewing this submission.</Alert>
      <TextField
        select
        label="Reject reason"
        value={reasonCode}
        onChange={(e) => setReasonCode(e.target.value)}
        error={Boolean(errors.reasonCode)}
        helperText={errors.reasonCode}
      >
        {Object.entries(KYC_REJECT_REASONS).map(([code, label]) => (
          <MenuItem key={code} value={code}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={Boolean(errors.comment)}
        helperText={errors.comment}
        multiline
        minRows={2}
      />
      <Stack direction="row" spacing={1}>
        <MuiButton
          variant="contained"
          color="success"
          onClick={() => run('approve', comment ? { comment } : {})}
        >
          Approve
        </MuiButton>
        <MuiButton
          variant="contained"
          color="error"
          onClick={() =>
            run('reject', { reasonCode: reasonCode || undefined, comment: comment || undefined })
          }
        >
          Reject
        </MuiButton>
        <MuiButton onClick={() => run('release')}>Release</MuiButton>
      </Stack>
    </Stack>
  );
}
