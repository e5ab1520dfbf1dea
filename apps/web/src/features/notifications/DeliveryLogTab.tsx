import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import {
  type DeliveryLogRow,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  messagesEndpoints,
} from '@app/contract/messages';
import { Chip } from '@mui/material';
import { Button, FunctionField, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';
import { call } from '../../app/api';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';

const STATUS_CHIP: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  queued: 'warning',
  sending: 'info',
  sent: 'success',
  delivered: 'success',
  failed: 'error',
};
const choices = (values: readonly string[]) =>
  values.map((v) => ({ id: v, name: v.charAt(0).toUpperCase() + v.slice(1) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Mobile or member" />,
  <SelectInput key="status" source="status" alwaysOn choices={choices(MESSAGE_STATUSES)} />,
  <SelectInput key="channel" source="channel" alwaysOn choices={choices(MESSAGE_CHANNELS)} />,
  <TextInput key="templateKey" source="templateKey" label="Event" />,
];

function ResendButton({ row }: { row: DeliveryLogRow }) {
  const resend = useRowAction({
    action: 'messages.resend',
    title: `Send message ${row.id} again?`,
    text: `It failed: ${row.error ?? 'no reason recorded'}. It is queued again to ${row.recipient}.`,
    verb: 'Send again',
    run: () => call(messagesEndpoints.resend, { params: { id: row.id } }),
    done: () => 'Message queued again',
  });
  if (row.status !== 'failed' || row.templateKey === 'otp' || !resend.allowed) return null;
  return (
    <>
      <Button label="Resend" onClick={resend.open} />
      {resend.dialog}
    </>
  );
}

/** Manage Notification → Delivery log: every message to a member (SMS, WhatsApp, push) and its status. */
export function DeliveryLogTab() {
  return (
    <ListPage<DeliveryLogRow>
      title={false}
      resource={resourceOf(messagesEndpoints.deliveryLog.list)}
      exportName="delivery-log"
      storeKey="delivery-log"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No messages to members yet."
      rowActions={(r) => <ResendButton row={r} />}
      compact={{
        primary: (r) => `${r.templateKey} · ${r.channel}`,
        secondary: (r) => `${r.recipient} · ${r.status} · ${formatDateTime(r.createdAt)}`,
        tertiary: (r) => r.error ?? r.memberName ?? '',
      }}
      columns={[
        <DateTimeField key="createdAt" source="createdAt" label="Queued" />,
        <TextField key="channel" source="channel" sortable={false} />,
        <TextField key="templateKey" source="templateKey" label="Event" sortable={false} />,
        <TextField key="language" source="language" sortable={false} />,
        <TextField key="recipient" source="recipient" label="To" sortable={false} />,
        <TextField key="memberName" source="memberName" label="Member" sortable={false} />,
        <FunctionField<DeliveryLogRow>
          key="status"
          label="Status"
          render={(r) => <Chip size="small" label={r.status} color={STATUS_CHIP[r.status] ?? 'default'} />}
        />,
        <TextField key="attempts" source="attempts" sortable={false} />,
        <TextField key="provider" source="provider" sortable={false} />,
        <TextField key="error" source="error" sortable={false} />,
      ]}
    />
  );
}
