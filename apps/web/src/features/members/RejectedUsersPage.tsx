import ReplayIcon from '@mui/icons-material/Replay';
import { Typography } from '@mui/material';
import { FilterButton, List, TextField, TopToolbar } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { ListExportButton } from '../../components/ListExportButton';
import { DecisionButton } from './DecisionButton';
import { MemberDatagrid } from './MemberDatagrid';
import { memberFilters } from './member-filters';
import { memberPaths, REJECTED_RESOURCE, USERS_PAGE } from './member-paths';

const reapprove = {
  path: '/admin/rejected-users/reapprove',
  label: 'Re-approve',
  verb: 're-approved',
  icon: <ReplayIcon />,
  reasonRequired: false,
  color: 'primary',
  resource: REJECTED_RESOURCE,
} as const;

/** Rejected User: rejected registrations with the reason; re-approve one or many. */
export default function RejectedUsersPage() {
  const { can } = useProfile();
  return (
    <>
      <Typography variant="h5" component="h1">
        Rejected User
      </Typography>
      <List
        resource={REJECTED_RESOURCE}
        filters={memberFilters({ withStatus: false })}
        sort={{ field: 'id', order: 'DESC' }}
        title={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButton path="/admin/rejected-users/export" fileName="rejected-members" />
          </TopToolbar>
        }
      >
        <MemberDatagrid
          rowClick={can(USERS_PAGE) ? (id) => memberPaths.show(id) : undefined}
          bulkActionButtons={<DecisionButton {...reapprove} />}
          extra={[
            <TextField key="reason" source="statusReason" label="Reason" sortable={false} />,
            <DecisionButton key="row" {...reapprove} row />,
          ]}
        />
      </List>
    </>
  );
}
