import EditIcon from '@mui/icons-material/Edit';
import ListIcon from '@mui/icons-material/List';
import { Typography } from '@mui/material';
import {
  BooleanField,
  Button,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { CountField, DateTimeField } from '../../components/fields';
import { DeleteRoleButton } from './DeleteRoleButton';
import { HeldPermissions } from './HeldPermissions';
import { ROLES_RESOURCE, rolePaths } from './role-paths';

/** One role: details, its pages, its history; edit and delete. */
export function RoleShow() {
  const { id = '' } = useParams();
  return (
    <Show resource={ROLES_RESOURCE} id={id} title={false} actions={<Actions />}>
      <Heading />
      <TabbedShowLayout syncWithLocation={false}>
        <TabbedShowLayout.Tab label="Details">
          <TextField source="name" />
          <TextField source="label" />
          <BooleanField source="builtIn" label="Built-in" />
          <CountField source="staffCount" label="Staff accounts" />
          <DateTimeField source="updatedAt" label="Last changed" />
          <HeldPermissions label="Pages" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History">
          <History id={id} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

function History({ id }: { id: string }) {
  const record = useRecordContext();
  return <AuditHistory entity="role" entityId={id} recent={record?.history} />;
}

function Heading() {
  const record = useRecordContext();
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {record ? `Role: ${record.label}` : 'Role'}
    </Typography>
  );
}

function Actions() {
  const record = useRecordContext();
  return (
    <TopToolbar>
      <Button label="All roles" component={Link} to={rolePaths.list}>
        <ListIcon />
      </Button>
      {record && (
        <Button label="Edit" component={Link} to={rolePaths.edit(record.id)}>
          <EditIcon />
        </Button>
      )}
      <DeleteRoleButton />
    </TopToolbar>
  );
}
