import type { ActionId } from '@app/contract/actions';
import type { MemberDecisionResult } from '@app/contract/members';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box } from '@mui/material';
import { Button, type Identifier, useListContext, useRecordContext, useUnselectAll } from 'react-admin';
import { api } from '../../app/api';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';

const ACTIONS = {
  approve: { label: 'Approve', icon: <CheckIcon />, color: 'success', reasonRequired: false },
  reject: { label: 'Reject', icon: <CloseIcon />, color: 'error', reasonRequired: true },
  reapprove: { label: 'Re-approve', icon: <ReplayIcon />, color: 'primary', reasonRequired: false },
} as const;

interface DecisionButtonProps {
  /** e.g. `/admin/pending-users/approve` */
  path: string;
  action: keyof typeof ACTIONS;
  /** The action permission the server checks (members.decide, members.reapprove). */
  permission: ActionId;
  /** Past tense for the outcome message: "3 approved". */
  verb: string;
  /** The list's resource (to clear its selection). */
  resource: string;
  /** Row mode: decide this row's member only; otherwise the list's selection (bulk). */
  row?: boolean;
}

/** Approve, reject or re-approve one member (row) or the selected ones (bulk), with an outcome per row. */
export function DecisionButton(props: DecisionButtonProps) {
  const record = useRecordContext();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(props.resource);
  const { label, icon, color, reasonRequired } = ACTIONS[props.action];
  const ids: Identifier[] = props.row ? (record ? [record.id] : []) : selectedIds;
  const who = props.row
    ? String(record?.name ?? 'this member')
    : `${ids.length} member${ids.length === 1 ? '' : 's'}`;

  const decide = useRowAction({
    action: props.permission,
    title: `${label} ${who}?`,
    verb: label,
    destructive: props.action === 'reject',
    fields: [reasonField(reasonRequired)],
    run: async ({ reason }) => {
      const text = String(reason ?? '').trim();
      const result = await api<MemberDecisionResult>(props.path, {
        method: 'POST',
        body: { ids: ids.map(Number), ...(text ? { reason: text } : {}) },
      });
      const skipped = result.skipped.length
        ? `; ${result.skipped.length} skipped (${result.skipped[0]!.reason})`
        : '';
      unselectAll();
      return {
        message: `${result.done.length} ${props.verb}${skipped}`,
        type: result.done.length ? ('success' as const) : ('warning' as const),
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
