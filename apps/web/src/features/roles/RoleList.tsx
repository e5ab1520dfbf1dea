import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { rolesEndpoints } from '@app/contract/roles';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { ROLES_RESOURCE, rolePaths } from './role-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or label" />,
  <SelectInput
    key="builtIn"
    source="builtIn"
    label="Kind"
    choices={[
      { id: true, name: 'Built-in' },
      { id: false, name: 'Custom' },
    ]}
  />,
];

/** Roles with their page and staff counts; export of the current filter like every list. */
export function RoleList() {
  return (
    <ListPage
      page="/dashboard/roles"
      resource={ROLES_RESOURCE}
      exportName="roles"
      filters={filters}
      sort={{ field: 'label', order: 'ASC' }}
      empty="No roles yet."
      rowClick={(id) => rolePaths.show(id)}
      actions={
        <ActionButton
          permission={actionOf(rolesEndpoints.create)}
          label="Create"
          component={Link}
          to={rolePaths.create}
        >
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.label} (${r.name})`,
        secondary: (r) =>
          `${r.builtIn ? 'Built-in' : 'Custom'} · ${formatCount(r.pagesCount)} pages · ${formatCount(r.staffCount)} staff`,
        tertiary: (r) => `Last changed ${formatDateTime(r.updatedAt)}`,
      }}
      columns={[
        <TextField key="label" source="label" />,
        <TextField key="name" source="name" />,
        <BooleanField key="builtIn" source="builtIn" label="Built-in" sortable={false} />,
        <CountField key="pages" source="pagesCount" label="Pages" sortable={false} />,
        <CountField key="perms" source="permissionsCount" label="Permissions" sortable={false} />,
        <CountField key="staff" source="staffCount" label="Staff" sortable={false} />,
        <DateTimeField key="upd" source="updatedAt" label="Last changed" sortable={false} />,
      ]}
    />
  );
}
