import { type FieldMemberRow, VISIT_TYPES, type VisitPoint, type VisitRow } from '@app/contract/field';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { employees, fieldOnboardings, fieldVisits } from '../../db/schema/employees';
import { members } from '../../db/schema/members';
import { defineList } from '../../lib/lists/define';
import { bool, conditionsOf, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const v = fieldVisits;

const columns = {
  id: v.id,
  bdeId: v.employeeId,
  bdeCode: employees.code,
  bdeName: employees.name,
  type: sql<VisitRow['type']>`${v.type}`,
  party: v.party,
  placeState: v.placeState,
  placeDistrict: v.placeDistrict,
  placePincode: v.placePincode,
  checkInAt: isoText(v.checkInAt),
  checkInLat: v.checkInLat,
  checkInLng: v.checkInLng,
  checkInAccuracy: v.checkInAccuracy,
  note: v.note,
  checkOutAt: sql<
    string | null
  >`case when ${v.checkOutAt} is null then null else ${isoText(v.checkOutAt)} end`,
  checkOutLat: v.checkOutLat,
  checkOutLng: v.checkOutLng,
  checkOutNotes: v.checkOutNotes,
  distanceMetres: v.distanceMetres,
  durationMinutes: sql<number | null>`(extract(epoch from ${v.checkOutAt} - ${v.checkInAt}) / 60)::int`,
  photoIds: v.photoIds,
  membersOnboarded: sql<number>`(select count(*)::int from ${fieldOnboardings} fo where fo.visit_id = ${v.id})`,
  flagged: sql<boolean>`cardinality(${v.flagReasons}) > 0`,
  flagReasons: v.flagReasons,
};

const base = (db: Executor, fields: Record<string, unknown>) =>
  db
    .select(fields as typeof columns)
    .from(v)
    .innerJoin(employees, eq(employees.id, v.employeeId))
    .$dynamic();

/** BDA Activity's visits, their export and the BDE activity report type. */
export const visitList = defineList<VisitRow>({
  columns: {
    ...columns,
    bdeCode: { sql: employees.code, label: 'BDE code', width: 12 },
    bdeName: { sql: employees.name, label: 'BDE', width: 22 },
    type: { sql: columns.type, label: 'Type', width: 14 },
    party: { sql: v.party, label: 'Party', width: 24 },
    placePincode: { sql: v.placePincode, label: 'Pincode', width: 8 },
    placeDistrict: { sql: v.placeDistrict, label: 'District', width: 14 },
    placeState: { sql: v.placeState, label: 'State', width: 14 },
    checkInAt: { sql: columns.checkInAt, label: 'Check-in', format: 'datetime', width: 20 },
    checkInLat: { sql: v.checkInLat, label: 'Check-in latitude', width: 12 },
    checkInLng: { sql: v.checkInLng, label: 'Check-in longitude', width: 12 },
    checkOutAt: { sql: columns.checkOutAt, label: 'Check-out', format: 'datetime', width: 20 },
    checkOutLat: { sql: v.checkOutLat, label: 'Check-out latitude', width: 12 },
    checkOutLng: { sql: v.checkOutLng, label: 'Check-out longitude', width: 12 },
    durationMinutes: { sql: columns.durationMinutes, label: 'Duration (minutes)', format: 'int', width: 10 },
    distanceMetres: { sql: v.distanceMetres, label: 'Check-in to check-out (m)', format: 'int', width: 12 },
    note: { sql: v.note, label: 'Note', width: 30 },
    checkOutNotes: { sql: v.checkOutNotes, label: 'Check-out notes', width: 30 },
    membersOnboarded: { sql: columns.membersOnboarded, label: 'Members onboarded', format: 'int', width: 10 },
    flagged: { sql: columns.flagged, label: 'Flagged', format: 'bool', width: 8 },
    flagReasons: { sql: v.flagReasons, label: 'Flag reasons', format: 'list', width: 40 },
  },
  from: base,
  filters: {
    q: text(v.party, employees.name, employees.code),
    bdeId: id(v.employeeId),
    type: oneOf(v.type, VISIT_TYPES),
    flagged: bool((yes) =>
      yes ? sql`cardinality(${v.flagReasons}) > 0` : sql`cardinality(${v.flagReasons}) = 0`,
    ),
    open: bool((yes) => (yes ? sql`${v.checkOutAt} is null` : sql`${v.checkOutAt} is not null`)),
    ...istDayRange(v.checkInAt),
  },
  sort: { checkInAt: v.checkInAt, id: v.id },
  defaultSort: 'checkInAt',
  id: v.id,
});

export async function findVisit(tx: Executor, visitId: number): Promise<VisitRow | undefined> {
  const [row] = await base(tx, columns).where(eq(v.id, visitId));
  return row as VisitRow | undefined;
}

/** Check-ins of a selection for the map, newest first, at most `limit`. */
export async function visitPoints(
  tx: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<VisitPoint[]> {
  return (await base(tx, {
    id: v.id,
    lat: v.checkInLat,
    lng: v.checkInLng,
    bdeName: employees.name,
    type: columns.type,
    party: v.party,
    checkInAt: columns.checkInAt,
    flagged: columns.flagged,
  })
    .where(where)
    .orderBy(desc(v.checkInAt), desc(v.id))
    .limit(limit)) as unknown as VisitPoint[];
}

/** Members a BDE onboarded through the field app (the field app's own list). */
export const fieldMemberList = defineList<FieldMemberRow>({
  columns: {
    id: members.id,
    code: members.code,
    name: members.name,
    mobile: members.mobile,
    type: sql<FieldMemberRow['type']>`${members.type}`,
    district: members.district,
    state: members.state,
    pincode: members.pincode,
    status: sql<FieldMemberRow['status']>`${members.status}`,
    visitId: fieldOnboardings.visitId,
    onboardedAt: isoText(fieldOnboardings.createdAt),
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(fieldOnboardings)
      .innerJoin(members, eq(members.id, fieldOnboardings.memberId))
      .$dynamic(),
  filters: { q: text(members.name, members.code, members.mobile) },
  sort: { onboardedAt: fieldOnboardings.createdAt, id: fieldOnboardings.memberId },
  defaultSort: 'onboardedAt',
  id: fieldOnboardings.memberId,
});

/** The BDA Activity map: the visits of the list's filter, as points, up to `limit`. */
export const visitMapPoints = (tx: Executor, filter: Record<string, unknown>, limit: number) =>
  visitPoints(tx, and(visitList.where, conditionsOf(visitList.filters, filter)), limit);

/** List scopes of the field app: the BDE's own visits, the members the BDE onboarded. */
export const visitsBy = (employeeId: number) => eq(fieldVisits.employeeId, employeeId);
export const onboardingsBy = (employeeId: number) => eq(fieldOnboardings.employeeId, employeeId);
