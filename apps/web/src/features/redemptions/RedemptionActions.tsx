import type { ActionId } from '@app/contract/actions';
import { actionOf, resourceOf } from '@app/contract/endpoint';
import { REDEMPTION_MESSAGES, type RedemptionRow, redemptionsEndpoints } from '@app/contract/redemptions';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, type RaRecord } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
import { type DialogField, reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';

export const REDEMPTIONS_RESOURCE = resourceOf(redemptionsEndpoints.list);

const subjectOf = (r: RedemptionRow) => `redemption ${r.id} (${r.memberName})`;

interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  color: 'success' | 'error' | 'primary' | 'warning';
  action: ActionId;
  title: string;
  destructive?: boolean;
  fields: DialogField[];
  disabled?: boolean;
  /** Why it is disabled for this user (shown on hover and read by screen readers). */
  disabledReason?: string;
  run: (
    values: Record<string, unknown>,
  ) => Promise<string | { message: string; type: 'success' | 'warning' }>;
}

function ActionButton(props: ActionButtonProps) {
  const act = useRowAction({
    action: props.action,
    title: props.title,
    verb: props.label,
    destructive: props.destructive,
    fields: props.fields,
    run: props.run,
    done: (outcome) => outcome,
  });
  if (!act.allowed) return null;
  const button = (
    <Button
      label={props.label}
      color={props.color}
      onClick={act.open}
      disabled={props.disabled}
      aria-description={props.disabled ? props.disabledReason : undefined}
    >
      {props.icon}
    </Button>
  );
  // React events bubble through the dialog's portal: stop them before they reach a clickable row.
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {props.disabled && props.disabledReason ? (
        <Tooltip title={props.disabledReason}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {act.dialog}
    </Box>
  );
}

const text = (v: unknown) => String(v ?? '').trim();

const e = redemptionsEndpoints;
const decision = {
  resource: REDEMPTIONS_RESOURCE,
  noun: ['redemption', 'redemptions'],
  nameOf: (r: RaRecord) => subjectOf(r as RedemptionRow),
  rejectNote: 'Their points go back to the members.',
} as const;
const approve = { ...decision, endpoint: e.bulkApprove, kind: 'approve', askReason: false } as const;
const reject = { ...decision, endpoint: e.bulkReject, kind: 'reject' } as const;

/** Approve and reject the selected redemptions (bulk), each row's outcome reported. */
export function BulkDecisionButtons() {
  return (
    <>
      <BulkDecisionButton {...approve} />
      <BulkDecisionButton {...reject} />
    </>
  );
}

/**
 * What may be done to one row in its state: decide a request; pay or fail an approved cash one. The
 * account that approved it may not mark it paid (the server refuses it too): its "Mark paid" is
 * disabled, saying why.
 */
export function RedemptionRowActions({ record }: { record: RedemptionRow }) {
  const { profile } = useProfile();
  const approvedByMe = profile !== null && record.approvedBy === profile.id;
  if (record.status === 'requested')
    return (
      <>
        <BulkDecisionButton {...approve} row />
        <BulkDecisionButton {...reject} row rejectNote={undefined} />
      </>
    );
  if (record.status === 'approved' && record.kind === 'cash')
    return (
      <>
        <ActionButton
          label="Mark paid"
          icon={<PaymentsIcon />}
          color="primary"
          action={actionOf(e.paid)}
          disabled={approvedByMe}
          disabledReason={REDEMPTION_MESSAGES.paidByApprover}
          title={`Mark ${subjectOf(record)} paid?`}
          fields={[
            {
              name: 'utr',
              label: 'UTR (6 to 30 letters or digits)',
              required: true,
              requiredMessage: 'UTR is required',
            },
          ]}
          run={async ({ utr }) => {
            await call(e.paid, { params: { id: record.id }, body: { utr: text(utr) } });
            return `Redemption ${record.id} paid`;
          }}
        />
        <ActionButton
          label="Failed"
          icon={<ErrorOutlineIcon />}
          color="error"
          destructive
          action={actionOf(e.failed)}
          title={`Payment of ${subjectOf(record)} failed? The points go back to the member.`}
          fields={[reasonField(true)]}
          run={async ({ reason }) => {
            await call(e.failed, { params: { id: record.id }, body: { reason: text(reason) } });
            return `Redemption ${record.id} marked failed`;
          }}
        />
      </>
    );
  return null;
}
