import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

export interface OperationalFigures {
  queues: { queue: string; waiting: number; oldestSeconds: number }[];
  outbox: { channel: string; backlog: number; oldestSeconds: number }[];
  payouts: { pending: number; failed: number };
}

const CHANNELS = ['sms', 'whatsapp', 'push'] as const;

/**
 * The figures `/metrics` reads from the primary (they are about the work to do, which only the primary
 * knows for sure). Each is one indexed aggregate: every pg-boss queue's waiting jobs (an idle queue as 0), the outbox's
 * unsent rows (its partial indexes on `queued` and `sending`), the payout lines by status.
 */
export async function operationalFigures(db: Executor): Promise<OperationalFigures> {
  const [queues, outbox, payouts] = await Promise.all([
    db.execute<{ queue: string; waiting: number; oldest: number }>(sql`
      select q.name as queue,
        count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
        coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry'))), 0)::float8 as oldest
      from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state < 'active'
      group by q.name`),
    db.execute<{ channel: string; backlog: number; oldest: number }>(sql`
      select channel, count(*)::int as backlog,
        coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
      from member_messages where status in ('queued', 'sending') group by channel`),
    db.execute<{ pending: number; failed: number }>(sql`
      select count(*) filter (where status in ('queued', 'sending', 'pending'))::int as pending,
        count(*) filter (where status = 'failed')::int as failed
      from payout_lines where status in ('queued', 'sending', 'pending', 'failed')`),
  ]);
  const byChannel = new Map(outbox.rows.map((r) => [r.channel, r]));
  return {
    queues: queues.rows.map((r) => ({ queue: r.queue, waiting: r.waiting, oldestSeconds: r.oldest })),
    // Every channel is reported, an empty one as 0: an alert on a missing series never resolves.
    outbox: CHANNELS.map((channel) => ({
      channel,
      backlog: byChannel.get(channel)?.backlog ?? 0,
      oldestSeconds: byChannel.get(channel)?.oldest ?? 0,
    })),
    payouts: payouts.rows[0] ?? { pending: 0, failed: 0 },
  };
}
