import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import { webhooksEndpoints as E, type WebhookSubscriptionRow } from '@app/contract/webhooks';
import AddIcon from '@mui/icons-material/Add';
import { Chip, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, SearchInput, TextField, useNotify, useRefresh } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';
import { SecretDialog, SubscriptionDialog } from './SubscriptionDialog';

function StateChip({ row }: { row: WebhookSubscriptionRow }) {
  if (!row.active && row.disabledReason)
    return (
      <Tooltip title={row.disabledReason}>
        <Chip size="small" color="error" label="Switched off" />
      </Tooltip>
    );
  if (!row.active) return <Chip size="small" label="Off" />;
  if (row.failingSince)
    return <Chip size="small" color="warning" label={`Failing since ${formatDateTime(row.failingSince)}`} />;
  return <Chip size="small" color="success" label="Active" />;
}

function RowButtons({ row, showSecret }: { row: WebhookSubscriptionRow; showSecret: (s: string) => void }) {
  const [editing, setEditing] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const test = useRowAction({
    action: 'webhooks.manage',
    title: 'Send a test event?',
    text: `A webhook.test event goes to ${row.url}; follow it on Webhook deliveries.`,
    verb: 'Send',
    run: () => call(E.sendTest, { params: { id: row.id } }),
    done: (d) => `Test event queued (delivery ${d.id})`,
  });
  const rotate = useRowAction({
    action: 'webhooks.manage',
    title: 'Rotate the signing secret?',
    text: 'A new secret signs every delivery; the current one also signs during the overlap, so the receiver can switch at its pace.',
    verb: 'Rotate',
    fields: [{ name: 'overlapHours', label: 'Overlap (hours)', type: 'number', required: true }],
    initial: { overlapHours: 24 },
    run: (values) =>
      call(E.rotateSecret, { params: { id: row.id }, body: { overlapHours: Number(values.overlapHours) } }),
    done: (saved) => {
      showSecret(saved.secret);
      return 'Secret rotated';
    },
  });
  if (!test.allowed) return null;
  return (
    <>
      <Button label="Send test event" onClick={test.open} disabled={!row.active} />
      <Button label="Edit" onClick={() => setEditing(true)} />
      <Button label="Rotate secret" onClick={rotate.open} />
      {test.dialog}
      {rotate.dialog}
      {editing && (
        <SubscriptionDialog
          row={row}
          onClose={() => setEditing(false)}
          onSubmit={async (body) => {
            await call(E.update, { params: { id: row.id }, body });
            notify('Subscription saved', { type: 'success' });
            refresh();
          }}
        />
      )}
    </>
  );
}

/** Main Settings → Webhooks: the URLs events are sent to, their state, secrets and test events. */
export function WebhooksTab() {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <ListPage<WebhookSubscriptionRow>
        title={false}
        resource={resourceOf(E.subscriptions.list)}
        exportName="webhook-subscriptions"
        storeKey="webhook-subscriptions"
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="URL or description" />]}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No webhook subscriptions yet. Add the URL of a system that should hear about members, scans and redemptions."
        actions={
          can('webhooks.manage') ? (
            <Button label="Add subscription" onClick={() => setAdding(true)}>
              <AddIcon />
            </Button>
          ) : undefined
        }
        rowActions={(r) => <RowButtons row={r} showSecret={setSecret} />}
        compact={{
          primary: (r) => r.url,
          secondary: (r) => `${r.eventTypes.length} events · ${r.active ? 'active' : 'off'}`,
          tertiary: (r) => r.disabledReason ?? r.description,
        }}
        columns={[
          <TextField key="url" source="url" label="URL" sortable={false} />,
          <TextField key="description" source="description" sortable={false} />,
          <FunctionField<WebhookSubscriptionRow>
            key="events"
            label="Events"
            render={(r) => r.eventTypes.join(', ')}
          />,
          <FunctionField<WebhookSubscriptionRow>
            key="state"
            label="State"
            render={(r) => <StateChip row={r} />}
          />,
          <TextField key="ownerName" source="ownerName" label="Owner" sortable={false} />,
          <DateTimeField key="createdAt" source="createdAt" label="Created" sortable={false} />,
        ]}
      />
      {adding && (
        <SubscriptionDialog
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            const made = await call(E.create, { body });
            notify('Subscription added', { type: 'success' });
            setSecret(made.secret);
            refresh();
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </>
  );
}
