import type { ActionId } from '@app/contract/actions';
import type { BulkDecisionResult } from '@app/contract/decisions';
import { REDEMPTION_MESSAGES, type RedemptionRow } from '@app/contract/redemptions';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, type Identifier, useListContext, useUnselectAll } from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { type DialogField, reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';

export const REDEMPTIONS_RESOURCE = 'admin/redemptions';

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

async function decide(ids: Identifier[], verb: 'approve' | 'reject', reason: string) {
  const result = await api<BulkDecisionResult>(`/admin/redemptions/bulk/${verb}`, {
    method: 'POST',
    body: { ids: ids.map(Number), ...(reason ? { reason } : {}) },
  });
  const done = result.outcomes.filter((o) => o.outcome !== 'skipped').length;
  const skipped = result.outcomes.filter((o) => o.outcome === 'skipped');
  const past = verb === 'approve' ? 'approved' : 'rejected';
  return {
    message: `${done} ${past}${skipped.length ? `; ${skipped.length} skipped (${skipped[0]!.error})` : ''}`,
    type: done ? ('success' as const) : ('warning' as const),
  };
}

/** Approve and reject the selected redemptions (bulk), each row's outcome reported. */
export function BulkDecisionButtons() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(REDEMPTIONS_RESOURCE);
  const n = selectedIds.length;
  const who = `${n} redemption${n === 1 ? '' : 's'}`;
  return (
    <>
      <ActionButton
        label="Approve"
        icon={<CheckIcon />}
        color="success"
        action="redemptions.decide"
        title={`Approve ${who}?`}
        fields={[]}
        disabled={n === 0}
        run={async () => {
          const outcome = await decide(selectedIds, 'approve', '');
          unselectAll();
          return outcome;
        }}
      />
      <ActionButton
        label="Reject"
        icon={<CloseIcon />}
        color="error"
        destructive
        action="redemptions.decide"
        title={`Reject ${who}? Their points go back to the members.`}
        fields={[reasonField(true)]}
        disabled={n === 0}
        run={async ({ reason }) => {
          const outcome = await decide(selectedIds, 'reject', text(reason));
          unselectAll();
          return outcome;
        }}
      />
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
        <ActionButton
          label="Approve"
          icon={<CheckIcon />}
          color="success"
          action="redemptions.decide"
          title={`Approve ${subjectOf(record)}?`}
          fields={[]}
          run={() => decide([record.id], 'approve', '')}
        />
        <ActionButton
          label="Reject"
          icon={<CloseIcon />}
          color="error"
          destructive
          action="redemptions.decide"
          title={`Reject ${subjectOf(record)}?`}
          fields={[reasonField(true)]}
          run={({ reason }) => decide([record.id], 'reject', text(reason))}
        />
      </>
    );
  if (record.status === 'approved' && record.kind === 'cash')
    return (
      <>
        <ActionButton
          label="Mark paid"
          icon={<PaymentsIcon />}
          color="primary"
          action="redemptions.pay"
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
            await api(`/admin/redemptions/${record.id}/paid`, { method: 'POST', body: { utr: text(utr) } });
            return `Redemption ${record.id} paid`;
          }}
        />
        <ActionButton
          label="Failed"
          icon={<ErrorOutlineIcon />}
          color="error"
          destructive
          action="redemptions.pay"
          title={`Payment of ${subjectOf(record)} failed? The points go back to the member.`}
          fields={[reasonField(true)]}
          run={async ({ reason }) => {
            await api(`/admin/redemptions/${record.id}/failed`, {
              method: 'POST',
              body: { reason: text(reason) },
            });
            return `Redemption ${record.id} marked failed`;
          }}
        />
      </>
    );
  return null;
}
