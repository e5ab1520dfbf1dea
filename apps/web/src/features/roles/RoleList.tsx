import AddIcon from '@mui/icons-material/Add';
import { Typography } from '@mui/material';
import {
  BooleanField,
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
import { CountField, DateTimeField } from '../../components/fields';
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

/**
 * Roles with their page and staff counts. A dozen or so rows: no export.
 * TODO(reports): add a roles report to the report engine if operators ask for one.
 */
export function RoleList() {
  return (
    <>
      <Typography variant="h5" component="h1">
        User Roles
      </Typography>
      <List
        resource={ROLES_RESOURCE}
        filters={filters}
        sort={{ field: 'label', order: 'ASC' }}
        perPage={25}
        title={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <Button label="Create" component={Link} to={rolePaths.create}>
              <AddIcon />
            </Button>
          </TopToolbar>
        }
      >
        <Datagrid rowClick={(id) => rolePaths.show(id)} bulkActionButtons={false}>
          <TextField source="label" />
          <TextField source="name" />
          <BooleanField source="builtIn" label="Built-in" sortable={false} />
          <CountField source="pagesCount" label="Pages" sortable={false} />
          <CountField source="permissionsCount" label="Permissions" sortable={false} />
          <CountField source="staffCount" label="Staff" sortable={false} />
          <DateTimeField source="updatedAt" label="Last changed" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
