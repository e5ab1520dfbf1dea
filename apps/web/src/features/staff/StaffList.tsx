import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Datagrid,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DateTimeField } from '../../components/fields';
import { ListExportButton } from '../../components/ListExportButton';
import { StaffStatus } from './StaffStatus';
import { STAFF_RESOURCE, staffPaths } from './staff-paths';
import { useRoleOptions } from './use-role-options';

const yesNo = (yes: string, no: string) => [
  { id: true, name: yes },
  { id: false, name: no },
];

/** Staff accounts: search, role and status filters (in the URL), sorting, pages, export. */
export function StaffList() {
  const roles = useRoleOptions();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or mobile" />,
    <SelectInput key="roleId" source="roleId" label="Role" choices={roles} optionText="label" />,
    <SelectInput key="active" source="active" label="Status" choices={yesNo('Active', 'Inactive')} />,
    <SelectInput key="locked" source="locked" label="Locked" choices={yesNo('Locked', 'Not locked')} />,
  ];
  return (
    <List
      resource={STAFF_RESOURCE}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      title={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <Button label="Create" component={Link} to={staffPaths.create}>
            <AddIcon />
          </Button>
          <ListExportButton path="/admin/staff/export" fileName="staff" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick={(id) => staffPaths.show(id)} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="mobile" sortable={false} emptyText="—" />
        <TextField source="roleName" label="Role" sortBy="role" />
        <StaffStatus label="Status" />
        <DateTimeField source="lastSignInAt" label="Last sign-in" sortable={false} emptyText="Never" />
        <DateTimeField source="createdAt" label="Created" />
      </Datagrid>
    </List>
  );
}
