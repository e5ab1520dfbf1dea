import {
  AUDIENCE_KINDS,
  type InboxMessage,
  NOTIFICATION_STATES,
  type NotificationAudience,
  type NotificationRow,
} from '@app/contract/notifications';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import {
  inboxMessages,
  notificationAudienceMembers,
  notificationAudienceUploads,
  notifications,
} from '../../db/schema/notifications';
import { staff } from '../../db/schema/staff';
import { tasks } from '../../db/schema/tasks';
import { defineList } from '../../lib/lists/define';
import { istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { STALE_TASK_SECONDS } from '../../plugins/task-recovery';

const audienceSummary = sql<string>`case ${notifications.audienceKind}
  when 'all' then 'All members'
  when 'list' then 'Uploaded list (' || coalesce(${notificationAudienceUploads.members}, 0) || ' members)'
  when 'types' then 'Types: ' || initcap(array_to_string(${notifications.audienceValues}, ', '))
  when 'segment' then (select 'Segment: ' || c.segment_name || ' (' || c.members || ' members, ' || c.holdout_members
    || ' held out)' from campaigns c where c.id = ${notifications.audienceCampaignId})
  else 'States: ' || array_to_string(${notifications.audienceValues}, ', ') end`;

const columns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  hasImage: sql<boolean>`${notifications.imageFileId} is not null`,
  audienceKind: notifications.audienceKind,
  audienceSummary,
  state: notifications.state,
  sendAt: isoText(notifications.sendAt),
  expected: notifications.expected,
  recipients: notifications.recipients,
  delivered: notifications.delivered,
  read: notifications.readCount,
  createdByName: staff.name,
  createdAt: isoText(notifications.createdAt),
  startedAt: isoText(notifications.startedAt),
  finishedAt: isoText(notifications.finishedAt),
  cancelledAt: isoText(notifications.cancelledAt),
  interrupted: sql<boolean>`coalesce(${notifications.state} = 'sending' and ${tasks.status} in ('running', 'interrupted')
    and (${tasks.interruptedAt} is not null or ${tasks.heartbeatAt} < now() - make_interval(secs => ${STALE_TASK_SECONDS})), false)`,
};

/** The history of Manage Notification, its export and the notifications report. */
export const notificationList = defineList<NotificationRow>({
  columns: {
    ...columns,
    title: { sql: notifications.title, label: 'Title', width: 30 },
    body: { sql: notifications.body, label: 'Message', width: 50 },
    link: { sql: notifications.link, label: 'Link', width: 24 },
    audienceSummary: { sql: audienceSummary, label: 'Audience', width: 30 },
    state: { sql: notifications.state, label: 'State', width: 12 },
    sendAt: { sql: columns.sendAt, label: 'Send at', format: 'datetime', width: 20 },
    recipients: { sql: notifications.recipients, label: 'Recipients', format: 'int', width: 12 },
    delivered: { sql: notifications.delivered, label: 'Delivered', format: 'int', width: 12 },
    read: { sql: notifications.readCount, label: 'Read', format: 'int', width: 10 },
    createdByName: { sql: staff.name, label: 'Created by', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
    finishedAt: { sql: columns.finishedAt, label: 'Sent', format: 'datetime', width: 20 },
    cancelledAt: { sql: columns.cancelledAt, label: 'Cancelled', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(notifications)
      .leftJoin(staff, eq(staff.id, notifications.createdBy))
      .leftJoin(tasks, eq(tasks.id, notifications.taskId))
      .leftJoin(
        notificationAudienceUploads,
        eq(notificationAudienceUploads.id, notifications.audienceUploadId),
      )
      .$dynamic(),
  filters: {
    q: text(notifications.title),
    state: oneOf(notifications.state, NOTIFICATION_STATES),
    audienceKind: oneOf(notifications.audienceKind, AUDIENCE_KINDS),
    ...istDayRange(notifications.createdAt),
  },
  sort: {
    id: notifications.id,
    createdAt: notifications.createdAt,
    sendAt: notifications.sendAt,
    recipients: notifications.recipients,
  },
  defaultSort: 'id',
  id: notifications.id,
});

export async function findNotification(tx: Executor, id: number): Promise<NotificationRow | undefined> {
  const [row] = await notificationList.from(tx, columns).where(eq(notifications.id, id));
  return row as NotificationRow | undefined;
}

/** A PostgreSQL array literal of texts (drizzle would spread a JS array into a parameter list). */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
export const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/** Members who receive notifications at all: not blocked, not rejected. */
export const reachable = sql`m.status not in ('blocked', 'rejected')`;

/** The audience as a condition on `members m` (a list audience also needs `audienceJoin`). */
export function audienceCondition(kind: string, values: string[]): SQL {
  if (kind === 'types') return sql`${reachable} and m.type = any(${textArray(values)}::text[])`;
  if (kind === 'states') return sql`${reachable} and m.state = any(${textArray(values)}::text[])`;
  return reachable;
}

/** The members of a notification's audience with ids in (from, to]: `select <m.id> from …`. */
export function audienceMembers(
  n: {
    audienceKind: string;
    audienceValues: string[];
    audienceUploadId: number | null;
    audienceCampaignId: number | null;
  },
  range?: { from: number; to: number },
  select: SQL = sql`m.id`,
): SQL {
  const inRange = range ? sql`and m.id > ${range.from} and m.id <= ${range.to}` : sql``;
  if (n.audienceKind === 'segment')
    return sql`select ${select} from campaign_members l join members m on m.id = l.member_id
      where l.campaign_id = ${n.audienceCampaignId} and not l.holdout and ${reachable} ${range ? sql`and l.member_id > ${range.from} and l.member_id <= ${range.to}` : sql``}`;
  if (n.audienceKind === 'list')
    return sql`select ${select} from notification_audience_members l join members m on m.id = l.member_id
      where l.upload_id = ${n.audienceUploadId} and ${reachable} ${range ? sql`and l.member_id > ${range.from} and l.member_id <= ${range.to}` : sql``}`;
  return sql`select ${select} from members m where ${audienceCondition(n.audienceKind, n.audienceValues)} ${inRange}`;
}

export const audienceValuesOf = (a: NotificationAudience): string[] =>
  a.kind === 'types' ? [...a.types] : a.kind === 'states' ? [...a.states] : [];

export async function insertNotification(tx: Executor, values: typeof notifications.$inferInsert) {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return row!.id;
}

export async function lockNotification(tx: Executor, id: number) {
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, id)).for('update');
  return row;
}

export const setNotification = (
  tx: Executor,
  id: number,
  values: Partial<{
    [K in keyof typeof notifications.$inferInsert]: (typeof notifications.$inferInsert)[K] | SQL;
  }>,
) => tx.update(notifications).set(values).where(eq(notifications.id, id));

/** The caller's upload, with its member count. */
export async function findOwnUpload(tx: Executor, id: number, staffId: number) {
  const [row] = await tx
    .select()
    .from(notificationAudienceUploads)
    .where(and(eq(notificationAudienceUploads.id, id), eq(notificationAudienceUploads.createdBy, staffId)));
  return row;
}

export async function findUpload(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(notificationAudienceUploads)
    .where(eq(notificationAudienceUploads.id, id));
  return row;
}

/** Members by code (upper case) or mobile, with what decides whether they can be notified. */
export async function membersByCodeOrMobile(tx: Executor, codes: string[], mobiles: string[]) {
  if (codes.length === 0 && mobiles.length === 0) return [];
  return tx
    .select({ id: members.id, code: members.code, mobile: members.mobile, status: members.status })
    .from(members)
    .where(
      sql`${members.code} = any(${textArray(codes)}::text[]) or ${members.mobile} = any(${textArray(mobiles)}::text[])`,
    );
}

export async function insertUpload(
  tx: Executor,
  values: typeof notificationAudienceUploads.$inferInsert,
  memberIds: number[],
): Promise<number> {
  const [row] = await tx
    .insert(notificationAudienceUploads)
    .values(values)
    .returning({ id: notificationAudienceUploads.id });
  await tx.execute(sql`insert into ${notificationAudienceMembers} (upload_id, member_id)
    select ${row!.id}, unnest(${intArray(memberIds)}::int[])`);
  return row!.id;
}

/** A page of a member's inbox, newest first: ids below `before`. */
export async function inboxOf(
  tx: Executor,
  memberId: number,
  limit: number,
  before?: number,
): Promise<InboxMessage[]> {
  const rows = await tx
    .select({
      id: inboxMessages.id,
      notificationId: inboxMessages.notificationId,
      title: sql<string>`coalesce(${inboxMessages.title}, ${notifications.title})`,
      body: sql<string>`coalesce(${inboxMessages.body}, ${notifications.body})`,
      link: notifications.link,
      imageFileId: notifications.imageFileId,
      receivedAt: isoText(inboxMessages.createdAt),
      readAt: isoText(inboxMessages.readAt),
    })
    .from(inboxMessages)
    .leftJoin(notifications, eq(notifications.id, inboxMessages.notificationId))
    .where(
      and(
        eq(inboxMessages.memberId, memberId),
        before === undefined ? undefined : lt(inboxMessages.id, before),
      ),
    )
    .orderBy(desc(inboxMessages.id))
    .limit(limit);
  return rows.map(({ imageFileId, ...r }) => ({
    ...r,
    imagePath: imageFileId ? `/api/app/inbox/${r.id}/image` : null,
  }));
}

export async function unreadOf(tx: Executor, memberId: number): Promise<number> {
  const result = await tx.execute(
    sql`select count(*)::int as n from inbox_messages where member_id = ${memberId} and read_at is null`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

/** Marks the member's own message read; true when this call read it (the first time). */
export async function markRead(tx: Executor, memberId: number, id: number): Promise<boolean> {
  const result = await tx.execute(sql`
    with r as (update inbox_messages set read_at = now()
               where id = ${id} and member_id = ${memberId} and read_at is null returning notification_id)
    update notifications set read_count = read_count + 1 from r where notifications.id = r.notification_id
    returning notifications.id`);
  return result.rows.length > 0;
}

export async function ownMessage(tx: Executor, memberId: number, id: number) {
  const [row] = await tx
    .select({ id: inboxMessages.id, imageFileId: notifications.imageFileId })
    .from(inboxMessages)
    .innerJoin(notifications, eq(notifications.id, inboxMessages.notificationId))
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.memberId, memberId)));
  return row;
}
