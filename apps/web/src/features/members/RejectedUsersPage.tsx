import { memberApprovalsEndpoints } from '@app/contract/members-endpoints';
import { TextField } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
import { ListPage } from '../../components/list/ListPage';
import { memberColumns, memberCompact } from './member-columns';
import { memberFilters } from './member-filters';
import { memberPaths, REJECTED_RESOURCE, USERS_PAGE } from './member-paths';

const reapprove = {
  endpoint: memberApprovalsEndpoints.reapprove,
  kind: 'reapprove',
  noun: ['member', 'members'],
  resource: REJECTED_RESOURCE,
} as const;

/** Rejected User: rejected registrations with the reason; re-approve one or many. */
export default function RejectedUsersPage() {
  const { can } = useProfile();
  return (
    <ListPage
      page="/dashboard/approvals/rejected_user"
      resource={REJECTED_RESOURCE}
      exportName="rejected-members"
      filters={memberFilters({ withStatus: false })}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No rejected registrations."
      rowClick={can(USERS_PAGE) ? (id) => memberPaths.show(id) : false}
      bulkActions={<BulkDecisionButton {...reapprove} />}
      rowActions={() => <BulkDecisionButton {...reapprove} row />}
      columns={[
        ...memberColumns,
        <TextField key="reason" source="statusReason" label="Reason" sortable={false} />,
      ]}
      compact={{ ...memberCompact, tertiary: (r) => `Rejected: ${r.statusReason ?? ''}` }}
    />
  );
}
