import { memberApprovalsEndpoints } from '@app/contract/members-endpoints';
import { useProfile } from '../../app/profile-context';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
import { ListPage } from '../../components/list/ListPage';
import { memberColumns, memberCompact } from './member-columns';
import { memberFilters } from './member-filters';
import { memberPaths, PENDING_RESOURCE, USERS_PAGE } from './member-paths';

const approve = {
  endpoint: memberApprovalsEndpoints.approve,
  kind: 'approve',
  noun: ['member', 'members'],
  resource: PENDING_RESOURCE,
} as const;
const reject = {
  endpoint: memberApprovalsEndpoints.reject,
  kind: 'reject',
  noun: ['member', 'members'],
  resource: PENDING_RESOURCE,
} as const;

/** Pending User: registrations waiting for a decision, oldest first; approve or reject one or many. */
export default function PendingUsersPage() {
  const { can } = useProfile();
  return (
    <ListPage
      page="/dashboard/approvals/pending_user"
      resource={PENDING_RESOURCE}
      exportName="pending-members"
      filters={memberFilters({ withStatus: false })}
      sort={{ field: 'createdAt', order: 'ASC' }}
      empty="No registrations are waiting for a decision."
      rowClick={can(USERS_PAGE) ? (id) => memberPaths.show(id) : false}
      bulkActions={
        <>
          <BulkDecisionButton {...approve} />
          <BulkDecisionButton {...reject} />
        </>
      }
      rowActions={() => (
        <>
          <BulkDecisionButton {...approve} row />
          <BulkDecisionButton {...reject} row />
        </>
      )}
      columns={memberColumns}
      compact={memberCompact}
    />
  );
}
