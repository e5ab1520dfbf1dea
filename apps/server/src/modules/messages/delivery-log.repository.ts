import {
  type DeliveryLogRow,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  type MessageTemplateRow,
} from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { memberMessages as mm, messageTemplates as tpl } from '../../db/schema/messages';
import { columnOf, defineList, type Expr } from '../../lib/lists/define';
import { equals, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** Manage Notification → Delivery log: every message to a member, newest first, with its status. */
export const deliveryLogList = defineList<DeliveryLogRow>({
  columns: {
    id: { sql: mm.id, label: 'Message', format: 'int', width: 10 },
    createdAt: { sql: isoText(mm.createdAt), label: 'Queued', format: 'datetime', width: 20 },
    channel: { sql: sql<DeliveryLogRow['channel']>`${mm.channel}`, label: 'Channel', width: 10 },
    templateKey: { sql: mm.templateKey, label: 'Event', width: 22 },
    language: { sql: mm.language, label: 'Language', width: 8 },
    recipient: { sql: mm.recipient, label: 'To', width: 14 },
    memberId: mm.memberId,
    memberName: { sql: members.name, label: 'Member', width: 24 },
    causeKind: { sql: mm.causeKind, label: 'Cause', width: 20 },
    causeId: { sql: mm.causeId, label: 'Cause id', width: 12 },
    status: { sql: sql<DeliveryLogRow['status']>`${mm.status}`, label: 'Status', width: 10 },
    attempts: { sql: mm.attempts, label: 'Attempts', format: 'int', width: 8 },
    provider: { sql: mm.provider, label: 'Provider', width: 10 },
    providerMessageId: { sql: mm.providerMessageId, label: 'Provider id', width: 24 },
    error: { sql: mm.error, label: 'Error', width: 40 },
    sentAt: { sql: sql<string | null>`${isoText(mm.sentAt)}`, label: 'Sent', format: 'datetime', width: 20 },
    deliveredAt: {
      sql: sql<string | null>`${isoText(mm.deliveredAt)}`,
      label: 'Delivered',
      format: 'datetime',
      width: 20,
    },
  },
  from: (db, fields) => db.select(fields).from(mm).leftJoin(members, eq(members.id, mm.memberId)).$dynamic(),
  filters: {
    q: text(mm.recipient, members.name),
    channel: oneOf(mm.channel, MESSAGE_CHANNELS),
    status: oneOf(mm.status, MESSAGE_STATUSES),
    templateKey: equals(mm.templateKey),
    memberId: id(mm.memberId),
    ...istDayRange(mm.createdAt),
  },
  sort: { id: mm.id, createdAt: mm.createdAt },
  defaultSort: 'id',
  id: mm.id,
});

const rowFields = Object.fromEntries(
  Object.entries(deliveryLogList.columns).map(([key, c]) => [key, columnOf(c as Expr).sql]),
);

export async function findMessage(tx: Executor, messageId: number): Promise<DeliveryLogRow | undefined> {
  const [row] = (await deliveryLogList
    .from(tx, rowFields)
    .where(eq(mm.id, messageId))) as unknown as DeliveryLogRow[];
  return row;
}

const templateFields = {
  id: tpl.id,
  key: tpl.key,
  channel: sql<MessageTemplateRow['channel']>`${tpl.channel}`,
  language: tpl.language,
  body: tpl.body,
  variables: tpl.variables,
  dltTemplateId: tpl.dltTemplateId,
  updatedAt: isoText(tpl.updatedAt),
};

export const listTemplates = (tx: Executor): Promise<MessageTemplateRow[]> =>
  tx.select(templateFields).from(tpl).orderBy(tpl.key, tpl.channel, tpl.language);

export async function findTemplateRow(tx: Executor, templateId: number) {
  const [row] = await tx.select(templateFields).from(tpl).where(eq(tpl.id, templateId)).for('update');
  return row;
}
