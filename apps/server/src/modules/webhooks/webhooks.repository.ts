import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from '@app/contract/webhooks';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { staff } from '../../db/schema/staff';
import {
  webhookDeliveries as d,
  webhookEvents as e,
  webhookSubscriptions as s,
} from '../../db/schema/webhooks';
import { columnOf, defineList, type Expr } from '../../lib/lists/define';
import { bool, equals, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const nullableIso = (column: Parameters<typeof isoText>[0]) => sql<string | null>`${isoText(column)}`;

/** Main Settings → Webhooks: the subscriptions, newest first. */
export const subscriptionList = defineList<WebhookSubscriptionRow>({
  columns: {
    id: { sql: s.id, label: 'Subscription', format: 'int', width: 10 },
    url: { sql: s.url, label: 'URL', width: 50 },
    description: { sql: s.description, label: 'Description', width: 30 },
    eventTypes: { sql: s.eventTypes, label: 'Events', width: 60 },
    active: { sql: s.active, label: 'Active', width: 8 },
    ownerId: s.ownerId,
    ownerName: { sql: staff.name, label: 'Owner', width: 24 },
    failingSince: { sql: nullableIso(s.failingSince), label: 'Failing since', format: 'datetime', width: 20 },
    disabledAt: { sql: nullableIso(s.disabledAt), label: 'Switched off', format: 'datetime', width: 20 },
    disabledReason: { sql: s.disabledReason, label: 'Why switched off', width: 40 },
    previousSecretUntil: nullableIso(s.previousSecretUntil),
    createdAt: { sql: isoText(s.createdAt), label: 'Created', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(s).leftJoin(staff, eq(staff.id, s.ownerId)).$dynamic(),
  filters: { q: text(s.url, s.description), active: bool(s.active) },
  sort: { id: s.id },
  defaultSort: 'id',
  id: s.id,
});

/** The delivery log: each event to each subscription, its status, answer and latency. */
export const deliveryList = defineList<WebhookDeliveryRow>({
  columns: {
    id: { sql: d.id, label: 'Delivery', format: 'int', width: 10 },
    createdAt: { sql: isoText(d.createdAt), label: 'Queued', format: 'datetime', width: 20 },
    subscriptionId: { sql: d.subscriptionId, label: 'Subscription', format: 'int', width: 10 },
    url: { sql: s.url, label: 'URL', width: 40 },
    eventId: { sql: e.eventId, label: 'Event id', width: 38 },
    eventType: { sql: e.type, label: 'Event', width: 22 },
    memberId: { sql: d.memberId, label: 'Member', format: 'int', width: 10 },
    status: { sql: sql<WebhookDeliveryRow['status']>`${d.status}`, label: 'Status', width: 10 },
    attempts: { sql: d.attempts, label: 'Attempts', format: 'int', width: 8 },
    responseStatus: { sql: d.responseStatus, label: 'Answer', format: 'int', width: 8 },
    latencyMs: { sql: d.latencyMs, label: 'Latency (ms)', format: 'int', width: 10 },
    error: { sql: d.error, label: 'Error', width: 40 },
    nextAttemptAt: {
      sql: sql<string | null>`case when ${d.status} = 'queued' then ${isoText(d.nextAttemptAt)} end`,
      label: 'Next attempt',
      format: 'datetime',
      width: 20,
    },
    deliveredAt: { sql: nullableIso(d.deliveredAt), label: 'Delivered', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(d)
      .innerJoin(e, eq(e.id, d.eventId))
      .innerJoin(s, eq(s.id, d.subscriptionId))
      .$dynamic(),
  filters: {
    status: oneOf(d.status, WEBHOOK_DELIVERY_STATUSES),
    subscriptionId: id(d.subscriptionId),
    memberId: id(d.memberId),
    eventType: equals(e.type),
    // The event id a receiver logged (`webhook-id`, text): not the integer `eventId` of other lists.
    webhookId: equals(e.eventId),
    ...istDayRange(d.createdAt),
  },
  sort: { id: d.id },
  defaultSort: 'id',
  id: d.id,
});

const fieldsOf = (list: { columns: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(list.columns).map(([key, c]) => [key, columnOf(c as Expr).sql]));
const subscriptionFields = fieldsOf(subscriptionList);
const deliveryFields = fieldsOf(deliveryList);

export async function findSubscription(tx: Executor, subscriptionId: number) {
  const [row] = (await subscriptionList
    .from(tx, subscriptionFields)
    .where(eq(s.id, subscriptionId))) as unknown as WebhookSubscriptionRow[];
  return row;
}

export async function findDelivery(tx: Executor, deliveryId: number) {
  const [row] = (await deliveryList
    .from(tx, deliveryFields)
    .where(eq(d.id, deliveryId))) as unknown as WebhookDeliveryRow[];
  return row;
}

/** A subscription's row as the worker signs with it: its secrets still sealed. */
export async function lockSubscription(tx: Executor, subscriptionId: number) {
  const [row] = await tx.select().from(s).where(eq(s.id, subscriptionId)).for('update');
  return row;
}
