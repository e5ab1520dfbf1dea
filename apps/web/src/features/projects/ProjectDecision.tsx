import { actionOf } from '@app/contract/endpoint';
import { type ProjectRow, projectsEndpoints } from '@app/contract/projects';
import { useNotify, useRefresh } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ApproveRejectButtons } from '../../components/ApproveRejectButtons';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
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

/** Approve or reject the selected projects: each row decided or skipped with its reason. */
export const BulkProjectDecision = ({ verb }: { verb: 'approve' | 'reject' }) => (
  <BulkDecisionButton
    kind={verb}
    endpoint={verb === 'approve' ? e.approveMany : e.rejectMany}
    resource={PROJECTS_RESOURCE}
    noun={['project', 'projects']}
    approveText={APPROVE_TEXT}
    reasonLabel={verb === 'reject' ? 'Reason (the member sees it)' : undefined}
  />
);
