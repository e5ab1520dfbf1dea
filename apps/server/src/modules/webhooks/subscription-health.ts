import { WEBHOOK_ENTITY } from '@app/contract/webhooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';

/**
 * Switches off the subscriptions whose deliveries have failed for longer than the configured time
 * (WEBHOOKS_DISABLE_AFTER_HOURS) without one success. Their queued deliveries stay queued and go
 * when the subscription is switched on again. Staff have no inbox of their own here: the owner is
 * told on the subscription itself (Main Settings → Webhooks shows why it is off) and in the audit
 * log, whose entry names the owner.
 */
export async function disableFailingSubscriptions(app: FastifyInstance): Promise<number> {
  const seconds = app.config.webhooks.disableAfterMs / 1000;
  return app.database.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      owner_id: number | null;
      url: string;
      reason: string;
    }>(sql`
      update webhook_subscriptions s
         set active = false, disabled_at = now(), updated_at = now(),
             disabled_reason = 'Switched off: every delivery failed since '
               || to_char(s.failing_since at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST'
               || coalesce(' (last: ' || (select d.error from webhook_deliveries d
                    where d.subscription_id = s.id and d.error is not null order by d.id desc limit 1) || ')', '')
       where s.active and s.failing_since < now() - make_interval(secs => ${seconds}::float8)
      returning s.id, s.owner_id, s.url, s.disabled_reason as reason`);
    for (const row of rows) {
      app.log.warn(
        { subscriptionId: row.id, ownerId: row.owner_id },
        'webhooks: a failing subscription was switched off',
      );
      await audit(
        tx,
        { id: null, role: null, requestId: null },
        {
          action: 'webhook_subscription.disabled',
          entity: WEBHOOK_ENTITY,
          entityId: row.id,
          before: { active: true },
          after: { active: false, url: row.url, reason: row.reason, ownerId: row.owner_id },
        },
      );
    }
    return rows.length;
  });
}
