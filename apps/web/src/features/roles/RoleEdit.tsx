import type { RoleUpdateBody } from '@app/contract/roles';
import { Alert, Typography } from '@mui/material';
import { Edit, type RaRecord, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { RoleInputs } from './RoleInputs';
import { ROLES_RESOURCE, rolePaths } from './role-paths';
import { useGrantRules } from './use-grant-rules';

const editable = (record: RaRecord): RoleUpdateBody => ({
  label: record.label,
  permissions: record.permissions,
  mfaRequired: Boolean(record.mfaRequired),
});

export function RoleEdit() {
  const { id } = useParams();
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit role
      </Typography>
      <Edit
        resource={ROLES_RESOURCE}
        id={id}
        title={false}
        actions={false}
        mutationMode="pessimistic"
        transform={editable}
        redirect={(_resource, recordId) => rolePaths.show(recordId ?? id ?? '')}
      >
        <RoleForm />
      </Edit>
    </>
  );
}

function RoleForm() {
  const record = useRecordContext();
  const { canEdit } = useGrantRules(record?.name);
  const allowed = record ? canEdit(record.permissions ?? []) : true;
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton disabled={!allowed} />
        </Toolbar>
      }
    >
      <KeepFormDraft id={`role-edit-${record?.id}`} />
      {!allowed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This role holds pages your own role does not, so you cannot change it.
        </Alert>
      )}
      <RoleInputs mode="edit" roleName={record?.name} />
    </SimpleForm>
  );
}
