import type { StaffUpdateBody } from '@app/contract/staff';
import { Typography } from '@mui/material';
import { Edit, type RaRecord, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useParams } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { StaffInputs } from './StaffInputs';
import { STAFF_RESOURCE, staffPaths } from './staff-paths';

/** Only what may change: name, mobile, role. */
const editable = (record: RaRecord): StaffUpdateBody => ({
  name: record.name,
  mobile: record.mobile ?? null,
  roleId: record.roleId,
});

export function StaffEdit() {
  const { id } = useParams();
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit staff account
      </Typography>
      <Edit
        resource={STAFF_RESOURCE}
        id={id}
        title={false}
        actions={false}
        mutationMode="pessimistic"
        transform={editable}
        redirect={(_resource, recordId) => staffPaths.show(recordId ?? id ?? '')}
      >
        <SimpleForm
          sx={{ maxWidth: 520 }}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <KeepFormDraft id={`staff-edit-${id}`} />
          <StaffInputs mode="edit" />
        </SimpleForm>
      </Edit>
    </>
  );
}
