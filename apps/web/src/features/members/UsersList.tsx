import { FilterButton, List, TopToolbar } from 'react-admin';
import { ListExportButton } from '../../components/ListExportButton';
import { MemberDatagrid } from './MemberDatagrid';
import { memberFilters } from './member-filters';
import { MEMBERS_RESOURCE, memberPaths } from './member-paths';

/** All Users: every member with the full filter set; a row opens the member. */
export function UsersList() {
  return (
    <List
      resource={MEMBERS_RESOURCE}
      filters={memberFilters({ withStatus: true })}
      sort={{ field: 'id', order: 'DESC' }}
      title={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <ListExportButton path="/admin/users/export" fileName="members" />
        </TopToolbar>
      }
    >
      <MemberDatagrid rowClick={(id) => memberPaths.show(id)} />
    </List>
  );
}
