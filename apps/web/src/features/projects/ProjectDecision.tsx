import { actionOf } from '@app/contract/endpoint';
import { type ProjectRow, projectsEndpoints } from '@app/contract/projects';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box } from '@mui/material';
import { Button, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ApproveRejectButtons } from '../../components/ApproveRejectButtons';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';
import { PROJECTS_RESOURCE } from './project-paths';

const e = projectsEndpoints;
const APPROVE_TEXT = 'The project bonus in force is credited to the member once.';

/** Approve or reject one submitted project (the row's or the detail view's buttons). */
export function ProjectDecision({ row, onDone }: { row: ProjectRow; onDone?: () => void }) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  if (row.state !== 'submitted' || !can(actionOf(e.approve))) return null;
  const run = (verb: 'approve' | 'reject') => async (reason: string) => {
    const params = { id: row.id };
    const res =
      verb === 'approve'
        ? await call(e.approve, { params, body: reason ? { reason } : {} })
        : await call(e.reject, { params, body: { reason } });
    notify(
      res.state === 'approved'
        ? `Approved: ${res.bonusPoints ?? 0} bonus points credited`
        : 'Project rejected',
      { type: 'success' },
    );
    refresh();
    onDone?.();
  };
  return (
    <ApproveRejectButtons
      subject={`“${row.name}”`}
      text={APPROVE_TEXT}
      onApprove={run('approve')}
      onReject={run('reject')}
      reasonLabel="Reason (the member sees it)"
    />
  );
}

const BULK = {
  approve: { label: 'Approve', icon: <CheckIcon />, color: 'success', verb: 'approved' },
  reject: { label: 'Reject', icon: <CloseIcon />, color: 'error', verb: 'rejected' },
} as const;

/** Approve or reject the selected projects: each row decided or skipped with its reason. */
export function BulkProjectDecision({ verb }: { verb: 'approve' | 'reject' }) {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(PROJECTS_RESOURCE);
  const { label, icon, color, verb: past } = BULK[verb];
  const n = selectedIds.length;
  const decide = useRowAction({
    action: actionOf(verb === 'approve' ? e.approveMany : e.rejectMany),
    title: `${label} ${n} project${n === 1 ? '' : 's'}?`,
    text: verb === 'approve' ? APPROVE_TEXT : undefined,
    verb: label,
    destructive: verb === 'reject',
    fields: [reasonField(verb === 'reject', verb === 'reject' ? 'Reason (the member sees it)' : undefined)],
    run: async ({ reason }) => {
      const text = String(reason ?? '').trim();
      const result = await call(verb === 'approve' ? e.approveMany : e.rejectMany, {
        body: { ids: selectedIds.map(Number), ...(text ? { reason: text } : {}) },
      });
      unselectAll();
      return result;
    },
    done: ({ outcomes }) => {
      const skipped = outcomes.filter((o) => o.outcome === 'skipped');
      const done = outcomes.length - skipped.length;
      return {
        message: `${done} ${past}${skipped.length ? `; ${skipped.length} skipped (${skipped[0]!.error})` : ''}`,
        type: done ? ('success' as const) : ('warning' as const),
      };
    },
  });
  if (!decide.allowed) return null;
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button label={label} color={color} onClick={decide.open} disabled={n === 0}>
        {icon}
      </Button>
      {decide.dialog}
    </Box>
  );
}
