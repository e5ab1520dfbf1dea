import { actionOf } from '@app/contract/endpoint';
import { membersEndpoints } from '@app/contract/members-endpoints';
import BlockIcon from '@mui/icons-material/Block';
import ListIcon from '@mui/icons-material/List';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, TopToolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { call } from '../../app/api';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';
import { AdjustPointsButton } from './AdjustPointsButton';
import { memberPaths } from './member-paths';

/** The member detail's actions: back to the list, block/unblock with a reason, adjust points. */
export function MemberActions() {
  const record = useRecordContext();
  const blocking = record?.status === 'approved';
  const canToggle = record?.status === 'approved' || record?.status === 'blocked';
  const action = blocking ? 'block' : 'unblock';

  const toggle = useRowAction({
    action: actionOf(membersEndpoints.block),
    title: `${blocking ? 'Block' : 'Unblock'} ${record?.name ?? ''}?`,
    text: blocking ? 'A blocked member cannot scan or redeem until unblocked.' : undefined,
    verb: blocking ? 'Block' : 'Unblock',
    destructive: blocking,
    fields: [reasonField(true)],
    run: ({ reason }) =>
      call(membersEndpoints[action], {
        params: { id: record!.id },
        body: { reason: String(reason).trim() },
      }),
    done: () => `${record!.name} is ${blocking ? 'blocked' : 'unblocked'}`,
  });

  return (
    <TopToolbar>
      <Button label="All users" component={Link} to={memberPaths.list}>
        <ListIcon />
      </Button>
      {record && canToggle && toggle.allowed && (
        <Button
          label={blocking ? 'Block' : 'Unblock'}
          color={blocking ? 'error' : 'primary'}
          onClick={toggle.open}
        >
          {blocking ? <BlockIcon /> : <LockOpenIcon />}
        </Button>
      )}
      {record && <AdjustPointsButton memberId={Number(record.id)} name={String(record.name)} />}
      {toggle.dialog}
    </TopToolbar>
  );
}
