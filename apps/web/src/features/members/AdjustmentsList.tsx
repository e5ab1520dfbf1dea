import { ADJUSTMENT_STATUSES, adjustmentsEndpoints } from '@app/contract/adjustments';
import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { ChipField, type RaRecord, SelectInput, TextField, useNotify, useRefresh } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ApproveRejectButtons } from '../../components/ApproveRejectButtons';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { ADJUSTMENTS_RESOURCE } from './member-paths';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={ADJUSTMENT_STATUSES.map((s) => ({ id: s, name: s }))}
  />,
];

/** Adjustment requests (all, or one member's) with approve/reject for anyone but the requester. */
export function AdjustmentsList({ memberId }: { memberId?: number }) {
  return (
    <ListPage
      title={false}
      resource={ADJUSTMENTS_RESOURCE}
      exportName="adjustments"
      exportPath={memberId ? false : undefined}
      filter={memberId ? { memberId } : undefined}
      filters={memberId ? undefined : filters}
      filterDefaultValues={memberId ? undefined : { status: 'pending' }}
      disableSyncWithLocation={Boolean(memberId)}
      storeKey={memberId ? `adjustments-${memberId}` : undefined}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No points adjustments requested."
      compact={{
        primary: (r) => `${formatCount(r.amount)} pts · ${r.memberName}`,
        secondary: (r) => String(r.reason ?? ''),
        tertiary: (r) => `${r.status} · ${r.requestedByName} · ${formatDateTime(r.requestedAt)}`,
      }}
      rowActions={(r) => <Decide record={r} />}
      columns={[
        ...(memberId ? [] : [<TextField key="member" source="memberName" label="Member" />]),
        <CountField key="amount" source="amount" label="Points" />,
        <TextField key="reason" source="reason" sortable={false} />,
        <ChipField key="status" source="status" size="small" sortable={false} />,
        <TextField key="by" source="requestedByName" label="Requested by" sortable={false} />,
        <DateTimeField key="at" source="requestedAt" label="Requested" />,
        <TextField key="dec" source="decidedByName" label="Decided by" sortable={false} emptyText="—" />,
      ]}
    />
  );
}

function Decide({ record }: { record: RaRecord }) {
  const { profile, can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  if (record.status !== 'pending' || !can(actionOf(adjustmentsEndpoints.approve))) return null;
  const decide = (action: 'approve' | 'reject', message: string) => async (note: string) => {
    await call(adjustmentsEndpoints[action], { params: { id: record.id }, body: note ? { note } : {} });
    notify(message, { type: 'success' });
    refresh();
  };
  return (
    <ApproveRejectButtons
      subject={`${formatCount(record.amount)} points for ${record.memberName}`}
      text={record.reason}
      reasonLabel="Note"
      approveReasonRequired={false}
      disabled={record.requestedBy === profile?.id}
      disabledReason="You requested this; a different staff account must decide it"
      onApprove={decide('approve', `${formatCount(record.amount)} points posted to ${record.memberName}`)}
      onReject={decide('reject', 'Adjustment rejected')}
    />
  );
}
