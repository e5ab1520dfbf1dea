import { formatDateTime } from '@app/contract/format';
import { staffEndpoints } from '@app/contract/staff';
import AddIcon from '@mui/icons-material/Add';
import { SearchInput, SelectInput, TextField } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useOptions } from '../../components/use-options';
import { StaffStatus } from './StaffStatus';
import { STAFF_RESOURCE, staffPaths } from './staff-paths';

const yesNo = (yes: string, no: string) => [
  { id: true, name: yes },
  { id: false, name: no },
];

/** Staff accounts: search, role and status filters (in the URL), sorting, pages, export. */
export function StaffList() {
  const roles = useOptions(staffEndpoints.roleOptions);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or mobile" />,
    <SelectInput key="roleId" source="roleId" label="Role" choices={roles} optionText="label" />,
    <SelectInput key="active" source="active" label="Status" choices={yesNo('Active', 'Inactive')} />,
    <SelectInput key="locked" source="locked" label="Locked" choices={yesNo('Locked', 'Not locked')} />,
  ];
  return (
    <ListPage
      title={false}
      resource={STAFF_RESOURCE}
      exportName="staff"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty="No staff accounts yet."
      rowClick={(id) => staffPaths.show(id)}
      actions={
        <ActionButton permission="staff.manage" label="Create" component={Link} to={staffPaths.create}>
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.name} · ${r.roleName}`,
        secondary: (r) => `${r.email}${r.mobile ? ` · ${r.mobile}` : ''}`,
        tertiary: (r) =>
          `${r.active ? 'Active' : 'Inactive'}${r.locked ? ' · Locked' : ''} · last sign-in ${r.lastSignInAt ? formatDateTime(r.lastSignInAt) : 'never'}`,
      }}
      columns={[
        <TextField key="name" source="name" />,
        <TextField key="email" source="email" />,
        <TextField key="mobile" source="mobile" sortable={false} emptyText="—" />,
        <TextField key="role" source="roleName" label="Role" sortBy="role" />,
        <StaffStatus key="status" label="Status" />,
        <DateTimeField
          key="last"
          source="lastSignInAt"
          label="Last sign-in"
          sortable={false}
          emptyText="Never"
        />,
        <DateTimeField key="created" source="createdAt" label="Created" />,
      ]}
    />
  );
}
