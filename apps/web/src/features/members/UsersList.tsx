import { ListPage } from '../../components/list/ListPage';
import { memberColumns, memberCompact } from './member-columns';
import { memberFilters } from './member-filters';
import { MEMBERS_RESOURCE, memberPaths } from './member-paths';

/** All Users: every member with the full filter set; a row opens the member. */
export function UsersList() {
  return (
    <ListPage
      title={false}
      resource={MEMBERS_RESOURCE}
      exportName="members"
      filters={memberFilters({ withStatus: true })}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No members yet. Members appear here when they register in the app."
      rowClick={(id) => memberPaths.show(id)}
      columns={memberColumns}
      compact={memberCompact}
    />
  );
}
