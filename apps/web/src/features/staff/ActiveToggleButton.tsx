import { actionOf } from '@app/contract/endpoint';
import { staffEndpoints } from '@app/contract/staff';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, useRecordContext } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { useRowAction } from '../../components/use-row-action';

/** Deactivate (signs the account out everywhere at once) or reactivate, after a confirmation. */
export function ActiveToggleButton() {
  const record = useRecordContext();
  const { profile } = useProfile();
  const deactivating = Boolean(record?.active);
  const toggle = useRowAction({
    action: actionOf(staffEndpoints.deactivate),
    title: deactivating ? `Deactivate ${record?.name}?` : `Reactivate ${record?.name}?`,
    text: deactivating
      ? 'They are signed out everywhere at once and cannot sign in until reactivated.'
      : 'They can sign in again with their current password.',
    verb: deactivating ? 'Deactivate' : 'Reactivate',
    destructive: deactivating,
    run: () =>
      call(deactivating ? staffEndpoints.deactivate : staffEndpoints.reactivate, {
        params: { id: record!.id },
      }),
    done: () =>
      deactivating ? `${record?.name} is deactivated and signed out` : `${record?.name} is active again`,
  });
  if (!record || !toggle.allowed) return null;
  const isMe = profile?.id === record.id;
  return (
    <>
      <Button
        label={deactivating ? 'Deactivate' : 'Reactivate'}
        onClick={toggle.open}
        disabled={deactivating && isMe}
        title={deactivating && isMe ? 'You cannot deactivate your own account' : undefined}
        color={deactivating ? 'error' : 'primary'}
      >
        {deactivating ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      {toggle.dialog}
    </>
  );
}
