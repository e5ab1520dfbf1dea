import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Typography } from '@mui/material';
import { FilterButton, List, TopToolbar, WrapperField } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { ListExportButton } from '../../components/ListExportButton';
import { DecisionButton } from './DecisionButton';
import { MemberDatagrid } from './MemberDatagrid';
import { memberFilters } from './member-filters';
import { memberPaths, PENDING_RESOURCE, USERS_PAGE } from './member-paths';

const approve = {
  path: '/admin/pending-users/approve',
  label: 'Approve',
  verb: 'approved',
  icon: <CheckIcon />,
  reasonRequired: false,
  color: 'success',
  resource: PENDING_RESOURCE,
} as const;
const reject = {
  path: '/admin/pending-users/reject',
  label: 'Reject',
  verb: 'rejected',
  icon: <CloseIcon />,
  reasonRequired: true,
  color: 'error',
  resource: PENDING_RESOURCE,
} as const;

/** Pending User: registrations waiting for a decision, oldest first; approve or reject one or many. */
export default function PendingUsersPage() {
  const { can } = useProfile();
  return (
    <>
      <Typography variant="h5" component="h1">
        Pending User
      </Typography>
      <List
        resource={PENDING_RESOURCE}
        filters={memberFilters({ withStatus: false })}
        sort={{ field: 'createdAt', order: 'ASC' }}
        title={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButton path="/admin/pending-users/export" fileName="pending-members" />
          </TopToolbar>
        }
      >
        <MemberDatagrid
          rowClick={can(USERS_PAGE) ? (id) => memberPaths.show(id) : undefined}
          bulkActionButtons={
            <>
              <DecisionButton {...approve} />
              <DecisionButton {...reject} />
            </>
          }
          extra={[
            <WrapperField key="actions" label="Decide">
              <DecisionButton {...approve} row />
              <DecisionButton {...reject} row />
            </WrapperField>,
          ]}
        />
      </List>
    </>
  );
}
