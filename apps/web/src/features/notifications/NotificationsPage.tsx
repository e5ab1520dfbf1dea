import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  NOTIFICATION_ENTITY,
  NOTIFICATIONS_PAGE,
  type NotificationRow,
  notificationsEndpoints,
} from '@app/contract/notifications';
import AddIcon from '@mui/icons-material/Add';
import { Box, Chip, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Button,
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  useListContext,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';
import { CampaignsTab } from './CampaignsTab';
import { ComposeDialog } from './ComposeDialog';
import { DeliveryLogTab } from './DeliveryLogTab';
import { TemplatesTab } from './TemplatesTab';

const RESOURCE = resourceOf(notificationsEndpoints.list);

const STATE_CHIP: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  scheduled: 'warning',
  sending: 'info',
  sent: 'success',
  cancelled: 'default',
  failed: 'error',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title" />,
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={Object.keys(STATE_CHIP).map((s) => ({ id: s, name: s.charAt(0).toUpperCase() + s.slice(1) }))}
  />,
  <SelectInput
    key="audienceKind"
    source="audienceKind"
    label="Audience"
    choices={[
      { id: 'all', name: 'All members' },
      { id: 'types', name: 'Member types' },
      { id: 'states', name: 'States' },
      { id: 'list', name: 'Uploaded list' },
      { id: 'segment', name: 'Segment' },
    ]}
  />,
];

/** Re-reads the list every 2 s while a notification is being sent, so its counts move. */
function AutoRefresh() {
  const { data } = useListContext<NotificationRow>();
  const refresh = useRefresh();
  const active = (data ?? []).some(
    (r) => r.state === 'sending' || (r.state === 'scheduled' && Date.parse(r.sendAt) <= Date.now()),
  );
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, 2000);
    return () => clearInterval(timer);
  }, [active, refresh]);
  return null;
}

function StateChip({ row }: { row: NotificationRow }) {
  const label = row.interrupted ? 'interrupted, resuming' : row.state;
  return <Chip size="small" label={label} color={STATE_CHIP[row.state] ?? 'default'} />;
}

/** Recipients, or the progress bar while the fan-out runs. */
function Recipients({ row }: { row: NotificationRow }) {
  if (row.state !== 'sending') return <Typography variant="body2">{formatCount(row.recipients)}</Typography>;
  const total = Math.max(row.expected ?? 0, row.recipients);
  const pct = total > 0 ? Math.min(100, (100 * row.recipients) / total) : 0;
  return (
    <Box
      sx={{ minWidth: 140 }}
      role="progressbar"
      aria-valuenow={Math.round(pct)}
      aria-label="Sending progress"
    >
      <LinearProgress variant="determinate" value={pct} />
      <Typography variant="caption">
        {formatCount(row.recipients)} / {formatCount(total)}
      </Typography>
    </Box>
  );
}

const readShare = (r: NotificationRow) =>
  r.recipients > 0
    ? `${formatCount(r.read)} (${Math.round((100 * r.read) / r.recipients)}%)`
    : formatCount(r.read);

function CancelButton({ row }: { row: NotificationRow }) {
  const cancel = useRowAction({
    action: actionOf(notificationsEndpoints.cancel),
    title: `Cancel “${row.title}”?`,
    text: `It was to go out on ${formatDateTime(row.sendAt)} to ${row.audienceSummary}. Cancelled, it reaches no one.`,
    verb: 'Cancel notification',
    destructive: true,
    run: () => call(notificationsEndpoints.cancel, { params: { id: row.id } }),
    done: () => 'Notification cancelled',
  });
  if (row.state !== 'scheduled' || !cancel.allowed) return null;
  return (
    <>
      <Button label="Cancel" color="error" onClick={cancel.open} />
      {cancel.dialog}
    </>
  );
}

const TABS = ['Notifications', 'Campaigns', 'Templates', 'Delivery log'] as const;

/**
 * Manage Notification: the notifications (compose, history with recipients, delivered and read
 * counts), the members' message templates, and the delivery log of every message, as tabs.
 */
export default function NotificationsPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Notifications');
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(NOTIFICATIONS_PAGE)}
      </Typography>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1 }}>
        {TABS.map((t) => (
          <Tab key={t} label={t} value={t} />
        ))}
      </Tabs>
      {tab === 'Notifications' && <NotificationsTab />}
      {tab === 'Campaigns' && <CampaignsTab />}
      {tab === 'Templates' && <TemplatesTab />}
      {tab === 'Delivery log' && <DeliveryLogTab />}
    </>
  );
}

/** A notification's history (created, cancelled, …), beneath its row. */
function NotificationHistory() {
  const record = useRecordContext<NotificationRow>();
  if (!record) return null;
  return (
    <RecordHistory
      entity={NOTIFICATION_ENTITY}
      id={record.id}
      history={notificationsEndpoints.history}
      heading={false}
    />
  );
}

function NotificationsTab() {
  const { can } = useProfile();
  const [composing, setComposing] = useState(false);
  return (
    <>
      <ListPage<NotificationRow>
        title={false}
        resource={RESOURCE}
        exportName="notifications"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No notifications yet. Compose one to reach members in the app."
        actions={
          can(actionOf(notificationsEndpoints.create)) ? (
            <Button label="Compose" onClick={() => setComposing(true)}>
              <AddIcon />
            </Button>
          ) : undefined
        }
        rowActions={(r) => <CancelButton row={r} />}
        rowClick="expand"
        expand={<NotificationHistory />}
        compact={{
          primary: (r) => r.title,
          secondary: (r) => `${r.audienceSummary} · ${r.state} · ${formatDateTime(r.sendAt)}`,
          tertiary: (r) =>
            `${formatCount(r.recipients)} recipients · ${formatCount(r.delivered)} delivered · ${formatCount(r.read)} read`,
        }}
        columns={[
          <TextField key="title" source="title" sortable={false} />,
          <TextField key="aud" source="audienceSummary" label="Audience" sortable={false} />,
          <FunctionField<NotificationRow> key="state" label="State" render={(r) => <StateChip row={r} />} />,
          <DateTimeField key="sendAt" source="sendAt" label="Send at" />,
          <FunctionField<NotificationRow>
            key="recipients"
            label="Recipients"
            sortBy="recipients"
            render={(r) => <Recipients row={r} />}
          />,
          <FunctionField<NotificationRow>
            key="delivered"
            label="Delivered"
            sortable={false}
            render={(r) => formatCount(r.delivered)}
          />,
          <FunctionField<NotificationRow> key="read" label="Read" sortable={false} render={readShare} />,
          <TextField key="by" source="createdByName" label="By" sortable={false} />,
        ]}
      >
        <AutoRefresh />
      </ListPage>
      {composing && <ComposeDialog onClose={() => setComposing(false)} />}
    </>
  );
}
