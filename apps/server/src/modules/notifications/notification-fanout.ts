import { MESSAGE_LANGUAGES } from '@app/contract/messages';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { NotificationRecord } from '../../db/schema/notifications';
import { intArray } from '../../lib/raw-sql';
import { yieldToOthers } from '../../lib/yield';
import { MESSAGE_EVENTS, withoutMarketingConsent } from '../messages';
import * as repo from './notifications.repository';
import type { PushSender } from './push-sender';

/** Member ids per chunk: one INSERT … SELECT each, committed with the resume point. */
export const FANOUT_CHUNK = 50_000;
/** A fan-out that failed this many attempts is marked failed (jobs.ts retries twice). */
const LAST_ATTEMPT = 3;

export interface FanOutOptions {
  sender: PushSender;
  chunk?: number;
  attempt?: number;
  progress?: (done: number, total: number) => Promise<void>;
}

export type FanOutResult = { skipped: string } | { recipients: number; delivered: number; resumed: boolean };

type Row = Pick<
  NotificationRecord,
  | 'id'
  | 'title'
  | 'body'
  | 'link'
  | 'audienceKind'
  | 'audienceValues'
  | 'audienceUploadId'
  | 'audienceCampaignId'
  | 'state'
  | 'fannedTo'
  | 'fanLast'
  | 'recipients'
  | 'expected'
>;

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const rowOf = (r: Record<string, unknown>): Row => ({
  id: Number(r.id),
  title: String(r.title),
  body: String(r.body),
  link: (r.link as string | null) ?? null,
  audienceKind: String(r.audience_kind),
  audienceValues: (r.audience_values as string[]) ?? [],
  audienceUploadId: n(r.audience_upload_id),
  audienceCampaignId: n(r.audience_campaign_id),
  state: String(r.state),
  fannedTo: Number(r.fanned_to),
  fanLast: n(r.fan_last),
  recipients: Number(r.recipients),
  expected: n(r.expected),
});

/**
 * Starts a scheduled notification: the compare-and-set from `scheduled` that a cancel races with.
 * It fixes the member id range the fan-out covers and counts the audience for the progress bar.
 */
async function start(db: Database['db'], id: number): Promise<Row | undefined> {
  const result = await db.execute(sql`
    update notifications set state = 'sending', started_at = now(),
      fan_last = (select coalesce(max(id), 0) from members), fanned_to = 0
    where id = ${id} and state = 'scheduled'
    returning *`);
  const raw = result.rows[0] as Record<string, unknown> | undefined;
  if (!raw) return undefined;
  const row = rowOf(raw);
  const counted = await db.execute(sql`select count(*)::int as c from (${repo.audienceMembers(row)}) a`);
  row.expected = Number((counted.rows[0] as { c: number }).c);
  await db.execute(sql`update notifications set expected = ${row.expected} where id = ${id}`);
  return row;
}

/**
 * Fans a notification out to every member of its audience: one inbox row per member, by member id
 * ranges, each range one INSERT … SELECT committed together with the resume point, then handed to
 * the push sender. A crash resumes at the first range not committed, so nobody gets it twice and
 * nobody is left out (the unique (notification, member) key stands behind it). The push hand-over
 * follows the commit: a crash between the two loses that chunk's push (never its inbox rows), and
 * `delivered` then stays below `recipients`, which the history shows.
 */
export async function fanOut(database: Database, id: number, options: FanOutOptions): Promise<FanOutResult> {
  const { db } = database;
  const chunk = options.chunk ?? FANOUT_CHUNK;
  let started = await start(db, id);
  const resumed = !started;
  if (!started) {
    const current = await db.execute(sql`select * from notifications where id = ${id}`);
    const raw = current.rows[0] as Record<string, unknown> | undefined;
    if (!raw) return { skipped: 'missing' };
    started = rowOf(raw);
    if (started.state !== 'sending') return { skipped: started.state };
  }
  const row = started;
  const last = row.fanLast ?? 0;
  const total = row.expected ?? 0;
  let delivered = 0;
  try {
    for (let from = row.fannedTo; from < last; from += chunk) {
      const to = Math.min(from + chunk, last);
      const ids = await db.transaction(async (tx) => {
        const inserted = await tx.execute(sql`
          with ins as (
            insert into inbox_messages (notification_id, member_id)
            ${repo.audienceMembers(row, { from, to }, sql`${id}, m.id`)}
            returning member_id)
          select coalesce(array_agg(member_id), '{}') as ids from ins`);
        const got = ((inserted.rows[0] as { ids: number[] | string }).ids ?? []) as number[] | string;
        const list = typeof got === 'string' ? parseIntArray(got) : got.map(Number);
        if (list.length > 0) await queuePushFanOut(tx, id, row, list);
        await tx.execute(sql`update notifications set fanned_to = ${to}, recipients = recipients + ${list.length},
          expected = greatest(coalesce(expected, 0), recipients + ${list.length}) where id = ${id}`);
        return list;
      });
      row.recipients += ids.length;
      if (ids.length > 0) {
        const sent = await options.sender.send({
          notificationId: id,
          title: row.title,
          body: row.body,
          link: row.link,
          memberIds: ids,
        });
        delivered += sent;
        await db.execute(sql`update notifications set delivered = delivered + ${sent} where id = ${id}`);
      }
      await options.progress?.(row.recipients, Math.max(total, row.recipients));
      await yieldToOthers();
    }
    await db.execute(sql`update notifications set state = 'sent', finished_at = now()
      where id = ${id} and state = 'sending'`);
  } catch (error) {
    if ((options.attempt ?? 1) >= LAST_ATTEMPT)
      await db.execute(sql`update notifications set state = 'failed', finished_at = now() where id = ${id}`);
    throw error;
  }
  return { recipients: row.recipients, delivered, resumed };
}

const parseIntArray = (text: string): number[] =>
  text === '{}' ? [] : text.slice(1, -1).split(',').map(Number);

/**
 * The chunk's push messages, through the outbox in the chunk's own transaction: one row per member
 * who has a device and has not muted promotional messages, unique per (notification, member) so a
 * resumed chunk adds none twice. Priority 9: one-time codes and step messages go first.
 */
async function queuePushFanOut(
  tx: Executor,
  id: number,
  row: { title: string; body: string },
  memberIds: number[],
) {
  await tx.execute(sql`
    insert into member_messages (channel, template_key, language, variables, recipient, member_id,
      cause_kind, cause_id, priority)
    select 'push', 'notification', case when m.language in (${sql.join(
      MESSAGE_LANGUAGES.map((l) => sql`${l}`),
      sql`, `,
    )}) then m.language else 'en' end,
      jsonb_build_object('title', ${row.title}::text, 'message', ${row.body}::text), m.id::text, m.id,
      'notification', ${id}::text || ':' || m.id, ${MESSAGE_EVENTS.notification.priority}
    from members m
    where m.id = any(${intArray(memberIds)}) and m.promotions_muted_at is null
      and not ${withoutMarketingConsent('m.id')}
      and exists (select 1 from member_devices d where d.member_id = m.id)
    on conflict do nothing`);
}
