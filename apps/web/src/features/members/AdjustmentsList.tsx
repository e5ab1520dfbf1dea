import { ADJUSTMENT_STATUSES } from '@app/contract/adjustments';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import {
  Button,
  ChipField,
  Datagrid,
  List,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  WrapperField,
} from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { CountField, DateTimeField } from '../../components/fields';
import { ADJUSTMENTS_RESOURCE } from './member-paths';
import { ReasonDialog } from './ReasonDialog';

/** Adjustment requests (all, or one member's) with approve/reject for anyone but the requester. */
export function AdjustmentsList({ memberId }: { memberId?: number }) {
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={ADJUSTMENT_STATUSES.map((s) => ({ id: s, name: s }))}
    />,
  ];
  return (
    <List
      resource={ADJUSTMENTS_RESOURCE}
      filter={memberId ? { memberId } : undefined}
      filters={memberId ? undefined : filters}
      filterDefaultValues={memberId ? undefined : { status: 'pending' }}
      disableSyncWithLocation={Boolean(memberId)}
      storeKey={memberId ? false : undefined}
      sort={{ field: 'id', order: 'DESC' }}
      actions={false}
      title={false}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        {!memberId && <TextField source="memberName" label="Member" />}
        <CountField source="amount" label="Points" />
        <TextField source="reason" sortable={false} />
        <ChipField source="status" size="small" sortable={false} />
        <TextField source="requestedByName" label="Requested by" sortable={false} />
        <DateTimeField source="requestedAt" label="Requested" />
        <TextField source="decidedByName" label="Decided by" sortable={false} emptyText="—" />
        <WrapperField label="Decide">
          <DecideButton action="approve" />
          <DecideButton action="reject" />
        </WrapperField>
      </Datagrid>
    </List>
  );
}

function DecideButton({ action }: { action: 'approve' | 'reject' }) {
  const record = useRecordContext();
  const { profile } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (record?.status !== 'pending') return null;
  const mine = record.requestedBy === profile?.id;
  const label = action === 'approve' ? 'Approve' : 'Reject';
  const submit = async (note: string) => {
    await api(`/admin/adjustments/${record.id}/${action}`, { method: 'POST', body: note ? { note } : {} });
    notify(
      action === 'approve' ? `${record.amount} points posted to ${record.memberName}` : 'Adjustment rejected',
      { type: 'success' },
    );
    refresh();
  };
  return (
    <>
      <Button
        label={label}
        color={action === 'approve' ? 'success' : 'error'}
        disabled={mine}
        title={mine ? 'You requested this; a different staff account must decide it' : undefined}
        onClick={() => setOpen(true)}
      >
        {action === 'approve' ? <CheckIcon /> : <CloseIcon />}
      </Button>
      <ReasonDialog
        open={open}
        title={`${label} ${record.amount} points for ${record.memberName}?`}
        text={record.reason}
        confirm={label}
        required={false}
        label="Note (optional)"
        color={action === 'approve' ? 'success' : 'error'}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      />
    </>
  );
}
