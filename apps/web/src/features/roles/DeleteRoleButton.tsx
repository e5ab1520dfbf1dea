import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ROLES_RESOURCE, rolePaths } from './role-paths';

/** Deletes a custom role nobody holds, after a confirmation; built-in and used roles stay. */
export function DeleteRoleButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;

  const why = record.builtIn
    ? 'Built-in roles cannot be deleted'
    : record.staffCount > 0
      ? `In use by ${record.staffCount} staff account(s)`
      : undefined;
  const onConfirm = () =>
    remove(
      ROLES_RESOURCE,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Role ${record.label} deleted`, { type: 'success' });
          navigate(rolePaths.list);
        },
        onError: (error) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : 'Something went wrong', { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button label="Delete" color="error" onClick={() => setOpen(true)} disabled={Boolean(why)} title={why}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Delete the role ${record.label}?`}
        content="The role and its permissions are removed. This cannot be undone."
        confirm="Delete"
        confirmColor="warning"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
