import type { StaffCreated } from '@app/contract/staff';
import { Typography } from '@mui/material';
import { Create, SimpleForm, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { StaffInputs } from './StaffInputs';
import { STAFF_RESOURCE, staffPaths } from './staff-paths';

/** New account; a generated password travels to the account's page in history state, shown once. */
export function StaffCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const onSuccess = (created: StaffCreated) => {
    notify(`Account created for ${created.name}`, { type: 'success' });
    navigate(staffPaths.show(created.id), { state: { generatedPassword: created.generatedPassword } });
  };
  return (
    <>
      <Typography variant="h5" component="h1">
        New staff account
      </Typography>
      <Create resource={STAFF_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm sx={{ maxWidth: 520 }}>
          <KeepFormDraft id="staff-create" />
          <StaffInputs mode="create" />
        </SimpleForm>
      </Create>
    </>
  );
}
