import {
  BREACH_DATA_KINDS,
  type BreachRow,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestRow,
  type RetentionRow,
} from '@app/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { privacyBreaches as b, privacyRequests as r } from '../../db/schema/privacy';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { id, oneOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { settingRepository } from '../../lib/settings';

const handler = alias(staff, 'handler');
const recorder = alias(staff, 'recorder');

const requestColumns = {
  id: r.id,
  memberId: r.memberId,
  memberCode: members.code,
  kind: sql<PrivacyRequestRow['kind']>`${r.kind}`,
  status: sql<PrivacyRequestRow['status']>`${r.status}`,
  details: r.details,
  nomineeName: r.nomineeName,
  nomineeMobile: r.nomineeMobile,
  nomineeRelation: r.nomineeRelation,
  createdAt: isoText(r.createdAt),
  dueAt: isoText(r.dueAt),
  eraseAfter: sql<string | null>`${isoText(r.eraseAfter)}`,
  handledBy: r.handledBy,
  handledByName: handler.name,
  handledAt: sql<string | null>`${isoText(r.handledAt)}`,
  outcome: r.outcome,
};

const requestsJoined = (tx: Executor, cols: SelectedFields) =>
  tx
    .select(cols)
    .from(r)
    .innerJoin(members, eq(members.id, r.memberId))
    .leftJoin(handler, eq(handler.id, r.handledBy))
    .$dynamic();

/** The rights queue: open requests first by deadline on the page, every one in the export. */
export const requestList = defineList<PrivacyRequestRow>({
  columns: {
    ...requestColumns,
    id: { sql: r.id, label: 'Request', format: 'int', width: 8 },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    kind: { sql: requestColumns.kind, label: 'Kind', width: 12 },
    status: { sql: requestColumns.status, label: 'Status', width: 10 },
    createdAt: { sql: requestColumns.createdAt, label: 'Asked', format: 'datetime', width: 20 },
    dueAt: { sql: requestColumns.dueAt, label: 'Due', format: 'datetime', width: 20 },
    handledByName: { sql: handler.name, label: 'Handled by', width: 20 },
    outcome: { sql: r.outcome, label: 'Outcome', width: 30 },
  },
  from: (db, fields) => requestsJoined(db, fields as SelectedFields),
  filters: {
    status: oneOf(r.status, PRIVACY_REQUEST_STATUSES),
    kind: oneOf(r.kind, PRIVACY_REQUEST_KINDS),
    memberId: id(r.memberId),
  },
  sort: { id: r.id, dueAt: r.dueAt },
  defaultSort: 'id',
  id: r.id,
});

export async function findRequest(tx: Executor, requestId: number): Promise<PrivacyRequestRow | undefined> {
  const [row] = (await requestsJoined(tx, requestColumns).where(eq(r.id, requestId))) as PrivacyRequestRow[];
  return row;
}

export async function requestsOfMember(tx: Executor, memberId: number): Promise<PrivacyRequestRow[]> {
  return (await requestsJoined(tx, requestColumns)
    .where(eq(r.memberId, memberId))
    .orderBy(sql`${r.id} desc`)) as PrivacyRequestRow[];
}

const breachColumns = {
  id: b.id,
  title: b.title,
  description: b.description,
  occurredFrom: isoText(b.occurredFrom),
  occurredTo: isoText(b.occurredTo),
  detectedAt: isoText(b.detectedAt),
  dataKinds: sql<BreachRow['dataKinds']>`${b.dataKinds}`,
  states: sql<string[]>`${b.states}`,
  measures: b.measures,
  affected: sql<
    number | null
  >`(select count(*)::int from privacy_breach_members x where x.breach_id = ${b.id} having count(*) > 0)`,
  recordedBy: b.recordedBy,
  recordedByName: recorder.name,
  recordedAt: isoText(b.recordedAt),
  notifiedAt: sql<string | null>`${isoText(b.notifiedAt)}`,
  notifiedBy: b.notifiedBy,
};

const breachesJoined = (tx: Executor, cols: SelectedFields) =>
  tx.select(cols).from(b).leftJoin(recorder, eq(recorder.id, b.recordedBy)).$dynamic();

export const breachList = defineList<BreachRow>({
  columns: {
    ...breachColumns,
    id: { sql: b.id, label: 'Breach', format: 'int', width: 8 },
    title: { sql: b.title, label: 'Title', width: 30 },
    detectedAt: { sql: breachColumns.detectedAt, label: 'Detected', format: 'datetime', width: 20 },
    recordedByName: { sql: recorder.name, label: 'Recorded by', width: 20 },
    notifiedAt: { sql: breachColumns.notifiedAt, label: 'Members told', format: 'datetime', width: 20 },
  },
  from: (db, fields) => breachesJoined(db, fields as SelectedFields),
  filters: { kind: oneOf(sql`${b.dataKinds}->>0`, BREACH_DATA_KINDS) },
  sort: { id: b.id },
  defaultSort: 'id',
  id: b.id,
});

export async function findBreach(tx: Executor, breachId: number): Promise<BreachRow | undefined> {
  const [row] = (await breachesJoined(tx, breachColumns).where(eq(b.id, breachId))) as BreachRow[];
  return row;
}

export interface RetentionValues extends Record<string, unknown> {
  dormantMonths: number;
}

/** The retention of dormant members as an effective-dated, maker-checker setting (lib/settings). */
export const retentionSetting = settingRepository<RetentionRow, RetentionValues>({
  table: 'privacy_retention',
  columns: [{ key: 'dormantMonths', column: 'dormant_months' }],
  timestamps: 'text',
});

/** The approved retention in force now (null: none, dormant members are kept). */
export async function retentionInForce(db: Executor): Promise<number | null> {
  const { rows } = await db.execute(sql`select dormant_months as "dormantMonths" from privacy_retention
    where status = 'approved' and effective_from <= now() order by effective_from desc, id desc limit 1`);
  return (rows[0] as { dormantMonths: number } | undefined)?.dormantMonths ?? null;
}
