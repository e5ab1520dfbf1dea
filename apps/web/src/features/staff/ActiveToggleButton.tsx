import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';

/** Deactivate (signs the account out everywhere at once) or reactivate, after a confirmation. */
export function ActiveToggleButton() {
  const record = useRecordContext();
  const { profile } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const deactivating = Boolean(record.active);
  const isMe = profile?.id === record.id;
  const onConfirm = async () => {
    setBusy(true);
    try {
      await api(`/admin/staff/${record.id}/${deactivating ? 'deactivate' : 'reactivate'}`, {
        method: 'POST',
      });
      notify(
        deactivating ? `${record.name} is deactivated and signed out` : `${record.name} is active again`,
        {
          type: 'success',
        },
      );
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        label={deactivating ? 'Deactivate' : 'Reactivate'}
        onClick={() => setOpen(true)}
        disabled={deactivating && isMe}
        title={deactivating && isMe ? 'You cannot deactivate your own account' : undefined}
        color={deactivating ? 'error' : 'primary'}
      >
        {deactivating ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={deactivating ? `Deactivate ${record.name}?` : `Reactivate ${record.name}?`}
        content={
          deactivating
            ? 'They are signed out everywhere at once and cannot sign in until reactivated.'
            : 'They can sign in again with their current password.'
        }
        confirm={deactivating ? 'Deactivate' : 'Reactivate'}
        confirmColor={deactivating ? 'warning' : 'primary'}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
