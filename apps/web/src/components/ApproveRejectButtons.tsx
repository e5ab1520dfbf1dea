import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import { ConfirmDialog, reasonField } from './ConfirmDialog';

export interface ApproveRejectButtonsProps {
  /** Who or what is decided, for the dialog titles: "Approve Ravi Kumar?". */
  subject: string;
  onApprove: (reason: string) => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  /** Approve asks for an optional note; reject always needs a reason. */
  approveReasonRequired?: boolean;
  reasonLabel?: string;
  text?: React.ReactNode;
  disabled?: boolean;
  /** Why the buttons are disabled (e.g. maker-checker: the requester cannot decide). */
  disabledReason?: string;
  approveLabel?: string;
  rejectLabel?: string;
}

/** The shared Approve / Reject pair of every decision flow (members, KYC, damaged reports, adjustments). */
export function ApproveRejectButtons(props: ApproveRejectButtonsProps) {
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const approve = props.approveLabel ?? 'Approve';
  const reject = props.rejectLabel ?? 'Reject';
  const label = asking === 'approve' ? approve : reject;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      <Button
        label={approve}
        color="success"
        disabled={props.disabled}
        title={props.disabled ? props.disabledReason : undefined}
        onClick={() => setAsking('approve')}
      >
        <CheckIcon />
      </Button>
      <Button
        label={reject}
        color="error"
        disabled={props.disabled}
        title={props.disabled ? props.disabledReason : undefined}
        onClick={() => setAsking('reject')}
      >
        <CloseIcon />
      </Button>
      {asking && (
        <ConfirmDialog
          title={`${label} ${props.subject}?`}
          text={props.text}
          verb={label}
          destructive={asking === 'reject'}
          fields={[
            reasonField(asking === 'reject' || Boolean(props.approveReasonRequired), props.reasonLabel),
          ]}
          onClose={() => setAsking(null)}
          onSubmit={({ reason }) =>
            (asking === 'approve' ? props.onApprove : props.onReject)(String(reason ?? '').trim())
          }
        />
      )}
    </Box>
  );
}
