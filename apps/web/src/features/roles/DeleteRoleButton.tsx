import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ROLES_RESOURCE, rolePaths } from './role-paths';

/** Deletes a custom role nobody holds, after a confirmation; built-in and used roles stay. */
export function DeleteRoleButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  if (!record) return null;

  const why = record.builtIn
    ? 'Built-in roles cannot be deleted'
    : record.staffCount > 0
      ? `In use by ${record.staffCount} staff account(s)`
      : undefined;

  return (
    <>
      <Button label="Delete" color="error" onClick={() => setOpen(true)} disabled={Boolean(why)} title={why}>
        <DeleteIcon />
      </Button>
      {open && (
        <ConfirmDialog
          title={`Delete the role ${record.label}?`}
          text="The role and its permissions are removed. This cannot be undone."
          verb="Delete"
          destructive
          onClose={() => setOpen(false)}
          onSubmit={async () => {
            await dataProvider.delete(ROLES_RESOURCE, { id: record.id, previousData: record });
            notify(`Role ${record.label} deleted`, { type: 'success' });
            navigate(rolePaths.list);
          }}
        />
      )}
    </>
  );
}
