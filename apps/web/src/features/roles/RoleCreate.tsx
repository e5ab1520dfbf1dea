import { Typography } from '@mui/material';
import { Create, SimpleForm } from 'react-admin';
import { KeepFormDraft } from '../../app/form-drafts';
import { RoleInputs } from './RoleInputs';
import { ROLES_RESOURCE, rolePaths } from './role-paths';

export function RoleCreate() {
  return (
    <>
      <Typography variant="h5" component="h1">
        New role
      </Typography>
      <Create
        resource={ROLES_RESOURCE}
        title={false}
        record={{ permissions: ['/dashboard'] }}
        redirect={(_resource, id) => rolePaths.show(id ?? '')}
      >
        <SimpleForm>
          <KeepFormDraft id="role-create" />
          <RoleInputs mode="create" />
        </SimpleForm>
      </Create>
    </>
  );
}
