import type { ActionId } from '@app/contract/actions';
import type { BulkDecisionEndpoint, BulkDecisionResult } from '@app/contract/decisions';
import { endpointPath } from '@app/contract/endpoint';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box } from '@mui/material';
import {
  Button,
  type Identifier,
  type RaRecord,
  useListContext,
  useRecordContext,
  useUnselectAll,
} from 'react-admin';
import { api } from '../app/api';
import { reasonField } from './ConfirmDialog';
import { useRowAction } from './use-row-action';

const KINDS = {
  approve: { label: 'Approve', icon: <CheckIcon />, color: 'success', verb: 'approved' },
  reject: { label: 'Reject', icon: <CloseIcon />, color: 'error', verb: 'rejected' },
  reapprove: { label: 'Re-approve', icon: <ReplayIcon />, color: 'primary', verb: 're-approved' },
} as const;

/** The bulk route: a contract declaration (its action gates the button), or, until its domain moves, a path. */
type Target =
  | { endpoint: BulkDecisionEndpoint; path?: never; permission?: never }
  | {
      /** The bulk route, e.g. `/admin/pending-users/approve`: body `{ ids, reason? }`, answer `{ outcomes }`. */
      path: string;
      /** The action permission the server checks; without it the button is not shown. */
      permission: ActionId;
      endpoint?: never;
    };

export type BulkDecisionButtonProps = Target & {
  kind: keyof typeof KINDS;
  /** The list's resource (to clear its selection after deciding). */
  resource: string;
  /** What one row is, singular and plural: ['member', 'members']. */
  noun: readonly [string, string];
  /** The record field that names a row in the dialog title ("Approve Ravi Kumar?"). */
  nameField?: string;
  /** How a row is named in the dialog title, when one field is not enough ("redemption 7 (Ravi)"). */
  nameOf?: (record: RaRecord) => string;
  /** Whether a reason must be given; by default only to reject. */
  reasonRequired?: boolean;
  /** Whether the dialog asks for a reason at all (some flows approve without one). */
  askReason?: boolean;
  /** Said after the question to reject, e.g. "Their points go back to the members." */
  rejectNote?: string;
  /** Said under the question to approve, e.g. "The project bonus in force is credited once." */
  approveText?: string;
  /** The reason field's label, where the default does not say who reads it. */
  reasonLabel?: string;
  /** Row mode: decide this row only; otherwise the list's selection (bulk). */
  row?: boolean;
};

/**
 * The one approve / reject / re-approve button of the decision flows (server lib/decisions): one row or
 * the selected rows, one confirmation, then one message with how many were decided and why any were
 * skipped (someone decided them first, the decider asked for them, ...).
 */
export function BulkDecisionButton(props: BulkDecisionButtonProps) {
  const record = useRecordContext();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(props.resource);
  const { label, icon, color, verb } = KINDS[props.kind];
  const ids: Identifier[] = props.row ? (record ? [record.id] : []) : selectedIds;
  const [one, many] = props.noun;
  const named = record && (props.nameOf?.(record) ?? record[props.nameField ?? 'name']);
  const who = props.row ? String(named ?? `this ${one}`) : `${ids.length} ${ids.length === 1 ? one : many}`;
  const note = props.kind === 'reject' && props.rejectNote ? ` ${props.rejectNote}` : '';
  const path = props.endpoint ? endpointPath(props.endpoint) : props.path;

  const decide = useRowAction({
    action: props.endpoint ? props.endpoint.access.action : props.permission,
    title: `${label} ${who}?${note}`,
    text: props.kind === 'approve' ? props.approveText : undefined,
    verb: label,
    destructive: props.kind === 'reject',
    fields:
      props.askReason === false
        ? []
        : [reasonField(props.reasonRequired ?? props.kind === 'reject', props.reasonLabel)],
    run: async ({ reason }) => {
      const text = String(reason ?? '').trim();
      const { outcomes } = await api<BulkDecisionResult>(path, {
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
    <Box component="span" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      <Button label={label} color={color} onClick={decide.open} disabled={ids.length === 0}>
        {icon}
      </Button>
      {decide.dialog}
    </Box>
  );
}
