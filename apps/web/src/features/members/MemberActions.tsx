import BlockIcon from '@mui/icons-material/Block';
import ListIcon from '@mui/icons-material/List';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useState } from 'react';
import { Button, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { api } from '../../app/api';
import { AdjustPointsButton } from './AdjustPointsButton';
import { memberPaths } from './member-paths';
import { ReasonDialog } from './ReasonDialog';

/** The member detail's actions: back to the list, block/unblock with a reason, adjust points. */
export function MemberActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const blocking = record?.status === 'approved';
  const canToggle = record?.status === 'approved' || record?.status === 'blocked';
  const action = blocking ? 'block' : 'unblock';

  const submit = async (reason: string) => {
    await api(`/admin/users/${record!.id}/${action}`, { method: 'POST', body: { reason } });
    notify(`${record!.name} is ${blocking ? 'blocked' : 'unblocked'}`, { type: 'success' });
    refresh();
  };

  return (
    <TopToolbar>
      <Button label="All users" component={Link} to={memberPaths.list}>
        <ListIcon />
      </Button>
      {record && canToggle && (
        <Button
          label={blocking ? 'Block' : 'Unblock'}
          color={blocking ? 'error' : 'primary'}
          onClick={() => setOpen(true)}
        >
          {blocking ? <BlockIcon /> : <LockOpenIcon />}
        </Button>
      )}
      {record && <AdjustPointsButton memberId={Number(record.id)} name={String(record.name)} />}
      <ReasonDialog
        open={open}
        title={`${blocking ? 'Block' : 'Unblock'} ${record?.name ?? ''}?`}
        text={blocking ? 'A blocked member cannot scan or redeem until unblocked.' : undefined}
        confirm={blocking ? 'Block' : 'Unblock'}
        required
        color={blocking ? 'error' : 'primary'}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      />
    </TopToolbar>
  );
}
