import type { MemberDecisionResult } from '@app/contract/members';
import { Box } from '@mui/material';
import { type ReactElement, useState } from 'react';
import {
  Button,
  type Identifier,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { api } from '../../app/api';
import { ReasonDialog } from './ReasonDialog';

interface DecisionButtonProps {
  /** e.g. `/admin/pending-users/approve` */
  path: string;
  label: string;
  verb: string;
  icon: ReactElement;
  reasonRequired: boolean;
  color?: 'primary' | 'error' | 'success';
  /** The list's resource (to clear its selection). */
  resource: string;
  /** Row mode: decide this row's member only; otherwise the list's selection (bulk). */
  row?: boolean;
}

/** Approve, reject or re-approve one member (row) or the selected ones (bulk), asking for a reason. */
export function DecisionButton(props: DecisionButtonProps) {
  const record = useRecordContext();
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(props.resource);
  const [open, setOpen] = useState(false);
  const ids: Identifier[] = props.row ? (record ? [record.id] : []) : selectedIds;
  const who = props.row
    ? String(record?.name ?? 'this member')
    : `${ids.length} member${ids.length === 1 ? '' : 's'}`;

  const submit = async (reason: string) => {
    const result = await api<MemberDecisionResult>(props.path, {
      method: 'POST',
      body: { ids: ids.map(Number), ...(reason ? { reason } : {}) },
    });
    const skipped = result.skipped.length
      ? `; ${result.skipped.length} skipped (${result.skipped[0]!.reason})`
      : '';
    notify(`${result.done.length} ${props.verb}${skipped}`, {
      type: result.done.length ? 'success' : 'warning',
    });
    unselectAll();
    refresh();
  };

  // React events bubble through the dialog's portal: stop them before they reach a clickable row.
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button
        label={props.label}
        color={props.color}
        onClick={() => setOpen(true)}
        disabled={ids.length === 0}
      >
        {props.icon}
      </Button>
      <ReasonDialog
        open={open}
        title={`${props.label} ${who}?`}
        confirm={props.label}
        required={props.reasonRequired}
        color={props.color === 'error' ? 'error' : 'primary'}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      />
    </Box>
  );
}
