import { type AttendeeRow, EVENT_TYPES, type EventRow } from '@app/contract/content-media';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventRegistrations, events } from '../../db/schema/content';
import { members } from '../../db/schema/members';
import { defineList } from '../../lib/lists/define';
import { bool, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

export const eventList = defineList<EventRow>({
  columns: {
    id: events.id,
    title: { sql: events.title, label: 'Title', width: 28 },
    type: { sql: events.type, label: 'Type', width: 12 },
    description: events.description,
    venue: { sql: events.venue, label: 'Venue', width: 28 },
    startsAt: { sql: isoText(events.startsAt), label: 'Starts', format: 'datetime', width: 20 },
    endsAt: { sql: isoText(events.endsAt), label: 'Ends', format: 'datetime', width: 20 },
    capacity: { sql: events.capacity, label: 'Capacity', format: 'int', width: 10 },
    registered: { sql: events.registered, label: 'Registered', format: 'int', width: 10 },
    imageFileIds: events.imageFileIds,
    sortOrder: { sql: events.sortOrder, label: 'Order', format: 'int', width: 8 },
    active: { sql: events.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: isoText(events.createdAt),
    updatedAt: isoText(events.updatedAt),
  },
  from: (db, fields) => db.select(fields).from(events).$dynamic(),
  filters: {
    q: text(events.title, events.venue),
    type: oneOf(events.type, EVENT_TYPES),
    active: bool(events.active),
    ...istDayRange(events.startsAt),
  },
  sort: { id: events.id, startsAt: events.startsAt, title: events.title, sortOrder: events.sortOrder },
  defaultSort: 'startsAt',
  id: events.id,
});

/** Registrations, with the member; the attendee export and the "event attendees" report type. */
export const attendeeList = defineList<AttendeeRow>({
  columns: {
    id: eventRegistrations.id,
    eventId: eventRegistrations.eventId,
    eventTitle: { sql: events.title, label: 'Event', width: 28 },
    memberId: eventRegistrations.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Name', width: 24 },
    mobile: { sql: members.mobile, label: 'Mobile', width: 14 },
    memberType: { sql: members.type, label: 'Member type', width: 12 },
    state: { sql: members.state, label: 'State', width: 16 },
    status: { sql: eventRegistrations.status, label: 'Status', width: 12 },
    registeredAt: {
      sql: isoText(eventRegistrations.registeredAt),
      label: 'Registered',
      format: 'datetime',
      width: 20,
    },
    cancelledAt: {
      sql: sql<string | null>`${isoText(eventRegistrations.cancelledAt)}`,
      label: 'Cancelled',
      format: 'datetime',
      width: 20,
    },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .innerJoin(members, eq(members.id, eventRegistrations.memberId))
      .$dynamic(),
  filters: {
    q: text(members.name, members.code, members.mobile),
    eventId: id(eventRegistrations.eventId),
    status: oneOf(eventRegistrations.status, ['registered', 'cancelled']),
    ...istDayRange(eventRegistrations.registeredAt),
  },
  sort: { id: eventRegistrations.id, registeredAt: eventRegistrations.registeredAt },
  defaultSort: 'registeredAt',
  id: eventRegistrations.id,
});

/** The event record's table and archive column (lib/records). */
export const eventRecord = { table: events, archive: events.active };

/** The attendee list's scope: one event's registrations. */
export const attendeesOf = (eventId: number) => eq(eventRegistrations.eventId, eventId);

/** Whether the file is one of the event's images (`active` only: what the member app may show). */
export async function isEventImage(db: Executor, eventId: number, fileId: number, activeOnly = false) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        activeOnly ? eq(events.active, true) : undefined,
        sql`${fileId} = any(${events.imageFileIds})`,
      ),
    );
  return Boolean(row);
}
