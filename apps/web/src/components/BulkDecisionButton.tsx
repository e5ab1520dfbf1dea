import type { ActionId } from '@app/contract/actions';
import type { BulkDecisionResult } from '@app/contract/decisions';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box } from '@mui/material';
import { Button, type Identifier, useListContext, useRecordContext, useUnselectAll } from 'react-admin';
import { api } from '../app/api';
import { reasonField } from './ConfirmDialog';
import { useRowAction } from './use-row-action';

const KINDS = {
  approve: { label: 'Approve', icon: <CheckIcon />, color: 'success', verb: 'approved' },
  reject: { label: 'Reject', icon: <CloseIcon />, color: 'error', verb: 'rejected' },
  reapprove: { label: 'Re-approve', icon: <ReplayIcon />, color: 'primary', verb: 're-approved' },
} as const;

export interface BulkDecisionButtonProps {
  /** The bulk route, e.g. `/admin/pending-users/approve`: body `{ ids, reason? }`, answer `{ outcomes }`. */
  path: string;
  kind: keyof typeof KINDS;
  /** The action permission the server checks; without it the button is not shown. */
  permission: ActionId;
  /** The list's resource (to clear its selection after deciding). */
  resource: string;
  /** What one row is, singular and plural: ['member', 'members']. */
  noun: readonly [string, string];
  /** The record field that names a row in the dialog title ("Approve Ravi Kumar?"). */
  nameField?: string;
  /** Whether a reason must be given; by default only to reject. */
  reasonRequired?: boolean;
  /** Row mode: decide this row only; otherwise the list's selection (bulk). */
  row?: boolean;
}

/**
 * Approve, reject or re-approve one row or the selected rows through a decision flow's bulk route
 * (server lib/decisions): one confirmation, then one message with how many were decided and why
 * any were skipped (someone decided them first, the decider asked for them, ...).
 */
export function BulkDecisionButton(props: BulkDecisionButtonProps) {
  const record = useRecordContext();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(props.resource);
  const { label, icon, color, verb } = KINDS[props.kind];
  const ids: Identifier[] = props.row ? (record ? [record.id] : []) : selectedIds;
  const [one, many] = props.noun;
  const who = props.row
    ? String(record?.[props.nameField ?? 'name'] ?? `this ${one}`)
    : `${ids.length} ${ids.length === 1 ? one : many}`;

  const decide = useRowAction({
    action: props.permission,
    title: `${label} ${who}?`,
    verb: label,
    destructive: props.kind === 'reject',
    fields: [reasonField(props.reasonRequired ?? props.kind === 'reject')],
    run: async ({ reason }) => {
      const text = String(reason ?? '').trim();
      const { outcomes } = await api<BulkDecisionResult>(props.path, {
        method: 'POST',
        body: { ids: ids.map(Number), ...(text ? { reason: text } : {}) },
      });
      const skipped = outcomes.filter((o) => o.outcome === 'skipped');
      const done = outcomes.length - skipped.length;
      unselectAll();
      return {
        message: `${done} ${verb}${skipped.length ? `; ${skipped.length} skipped (${skipped[0]!.error})` : ''}`,
        type: done ? ('success' as const) : ('warning' as const),
      };
    },
    done: (outcome) => outcome,
  });

  if (!decide.allowed) return null;
  // React events bubble through the dialog's portal: stop them before they reach a clickable row.
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button label={label} color={color} onClick={decide.open} disabled={ids.length === 0}>
        {icon}
      </Button>
      {decide.dialog}
    </Box>
  );
}
