import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import {
  webhooksEndpoints as E,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryRow,
} from '@app/contract/webhooks';
import { Chip } from '@mui/material';
import { Button, FunctionField, NumberInput, SelectInput, TextField } from 'react-admin';
import { call } from '../../app/api';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';

const STATUS_CHIP: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  queued: 'warning',
  sending: 'info',
  delivered: 'success',
  failed: 'error',
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ id: s, name: s.charAt(0).toUpperCase() + s.slice(1) }))}
  />,
  <SelectInput
    key="eventType"
    source="eventType"
    label="Event"
    alwaysOn
    choices={WEBHOOK_EVENT_TYPES.map((t) => ({ id: t, name: t }))}
  />,
  <NumberInput key="subscriptionId" source="subscriptionId" label="Subscription" />,
  <NumberInput key="memberId" source="memberId" label="Member id" />,
];

function ReplayButton({ row }: { row: WebhookDeliveryRow }) {
  const replay = useRowAction({
    action: 'webhooks.manage',
    title: `Send delivery ${row.id} again?`,
    text: `${row.eventType} goes to ${row.url} again with the same event id (${row.eventId}).`,
    verb: 'Replay',
    run: () => call(E.replay, { params: { id: row.id } }),
    done: () => 'Delivery queued again',
  });
  if (row.status === 'sending' || !replay.allowed) return null;
  return (
    <>
      <Button label="Replay" onClick={replay.open} />
      {replay.dialog}
    </>
  );
}

/** Main Settings → Webhook deliveries: each event to each subscription, its answer and latency. */
export function WebhookDeliveriesTab() {
  return (
    <ListPage<WebhookDeliveryRow>
      title={false}
      resource={resourceOf(E.deliveries.list)}
      exportName="webhook-deliveries"
      storeKey="webhook-deliveries"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No webhook deliveries yet."
      rowActions={(r) => <ReplayButton row={r} />}
      compact={{
        primary: (r) => `${r.eventType} · ${r.status}`,
        secondary: (r) => `${r.url} · ${formatDateTime(r.createdAt)}`,
        tertiary: (r) =>
          r.error ?? (r.responseStatus ? `Answer ${r.responseStatus} in ${r.latencyMs} ms` : ''),
      }}
      columns={[
        <DateTimeField key="createdAt" source="createdAt" label="Queued" />,
        <TextField key="eventType" source="eventType" label="Event" sortable={false} />,
        <TextField key="url" source="url" label="URL" sortable={false} />,
        <TextField key="memberId" source="memberId" label="Member" sortable={false} />,
        <FunctionField<WebhookDeliveryRow>
          key="status"
          label="Status"
          render={(r) => <Chip size="small" label={r.status} color={STATUS_CHIP[r.status] ?? 'default'} />}
        />,
        <TextField key="responseStatus" source="responseStatus" label="Answer" sortable={false} />,
        <CountField key="latencyMs" source="latencyMs" label="Latency (ms)" sortable={false} />,
        <CountField key="attempts" source="attempts" sortable={false} />,
        <TextField key="error" source="error" sortable={false} />,
        <DateTimeField key="nextAttemptAt" source="nextAttemptAt" label="Next attempt" sortable={false} />,
        <TextField key="eventId" source="eventId" label="Event id" sortable={false} />,
      ]}
    />
  );
}
