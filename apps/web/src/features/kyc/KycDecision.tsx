import { actionOf } from '@app/contract/endpoint';
import { KYC_REJECT_REASONS, type KycRejectReason, kycEndpoints } from '@app/contract/kyc';
import { Alert, Button as MuiButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ConfirmDialog, type DialogField } from '../../components/ConfirmDialog';

interface Submission {
  id: number;
  claimedBy: number | null;
  claimedByName: string | null;
}

type Decision = 'approve' | 'reject';

const COMMENT: DialogField = { name: 'comment', label: 'Comment', multiline: true };
const REJECT_FIELDS: DialogField[] = [
  {
    name: 'reasonCode',
    label: 'Reject reason',
    type: 'select',
    choices: Object.entries(KYC_REJECT_REASONS).map(([id, name]) => ({ id, name })),
    required: true,
    requiredMessage: 'Choose a reason from the list',
  },
  COMMENT,
];
/** What the notice says once a decision is taken. */
export const KYC_DECIDED: Record<Decision, string> = { approve: 'KYC approved', reject: 'KYC rejected' };

const optional = (value: unknown) => (String(value ?? '').trim() === '' ? undefined : String(value).trim());

/**
 * Claim → approve, or reject with a reason from the list plus a comment; or release the claim. Both
 * decisions are confirmed in the one ConfirmDialog (server field errors appear under its inputs).
 */
export function KycDecision({ submission, onChange }: { submission: Submission; onChange(): void }) {
  const { profile, can } = useProfile();
  const notify = useNotify();
  const [asking, setAsking] = useState<Decision | null>(null);
  const mine = submission.claimedBy !== null && submission.claimedBy === profile?.id;

  const run = async (action: 'claim' | 'release') => {
    try {
      await call(kycEndpoints[action], { params: { id: submission.id } });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
    onChange();
  };
  const decide = async (decision: Decision, values: Record<string, unknown>) => {
    const params = { id: submission.id };
    const comment = optional(values.comment);
    try {
      if (decision === 'approve') await call(kycEndpoints.approve, { params, body: { comment } });
      else
        await call(kycEndpoints.reject, {
          params,
          body: { reasonCode: optional(values.reasonCode) as KycRejectReason, comment },
        });
    } catch (e) {
      onChange();
      throw e;
    }
    notify(KYC_DECIDED[decision], { type: 'success' });
    onChange();
  };

  if (!can(actionOf(kycEndpoints.approve))) return null;
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
      <Stack direction="row" spacing={1}>
        <MuiButton variant="contained" color="success" onClick={() => setAsking('approve')}>
          Approve
        </MuiButton>
        <MuiButton variant="contained" color="error" onClick={() => setAsking('reject')}>
          Reject
        </MuiButton>
        <MuiButton onClick={() => run('release')}>Release</MuiButton>
      </Stack>
      {asking && (
        <ConfirmDialog
          title={asking === 'approve' ? 'Approve this KYC?' : 'Reject this KYC?'}
          text={
            asking === 'approve'
              ? 'The member’s KYC is marked approved.'
              : 'The member’s KYC is marked rejected with this reason.'
          }
          verb={asking === 'approve' ? 'Approve' : 'Reject'}
          destructive={asking === 'reject'}
          fields={asking === 'approve' ? [{ ...COMMENT, label: 'Comment (optional)' }] : REJECT_FIELDS}
          onClose={() => setAsking(null)}
          onSubmit={(values) => decide(asking, values)}
        />
      )}
    </Stack>
  );
}
