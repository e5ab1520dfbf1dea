import type { WebhookEventType, WebhookPayload } from '@app/contract/webhooks';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Records a webhook event inside the caller's transaction (record_webhook_event, db/custom/webhooks.sql):
 * it exists only if the change commits, and is delivered after. Nothing is written when no active
 * subscription wants the type. Answers the event's row id, or null.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  tx: Executor,
  type: T,
  memberId: number | null,
  data: WebhookPayload<T>['data'],
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: string | null }>(
    sql`select record_webhook_event(${type}::text, ${memberId}::bigint, ${JSON.stringify(data)}::jsonb) as id`,
  );
  const id = rows[0]?.id;
  return id == null ? null : Number(id);
}

/** `recordWebhookEvent` of many changes at once (a bulk decision): one statement, events in item order. */
export async function recordWebhookEvents<T extends WebhookEventType>(
  tx: Executor,
  type: T,
  items: readonly { memberId: number | null; data: WebhookPayload<T>['data'] }[],
): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`
    select count(record_webhook_event(${type}::text, (x.item->>'memberId')::bigint, x.item->'data'))
      from (select item from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as a(item, n)
            order by n) x`);
}
