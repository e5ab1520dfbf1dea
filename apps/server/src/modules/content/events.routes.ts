import { CONTENT_MESSAGES } from '@app/contract/content';
import {
  type AttendeeRow,
  contentEndpoints,
  EVENT_ENTITY,
  EVENT_TYPES,
  type EventBody,
  type EventRow,
  eventBody,
  eventRow,
  eventUpdateBody,
} from '@app/contract/content-media';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { eventRegistrations, events } from '../../db/schema/content';
import { members } from '../../db/schema/members';
import { fieldError } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { bool, id, istDayRange, oneOf, text } from '../../lib/lists/filters';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { isoText } from '../../lib/lists/sql';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { claimContentFiles, fileRoutes } from './content-files';

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

async function values(tx: Executor, body: Partial<EventBody>, { actor, before }: WriteContext<EventRow>) {
  if (body.imageFileIds)
    await claimContentFiles(tx, actor, body.imageFileIds, before?.imageFileIds ?? [], 'imageFileIds');
  if (before && body.capacity !== undefined && body.capacity < before.registered)
    throw fieldError('capacity', CONTENT_MESSAGES.capacityBelowRegistered);
  const startsAt = body.startsAt ?? before?.startsAt;
  const endsAt = body.endsAt ?? before?.endsAt;
  if (startsAt && endsAt && Date.parse(endsAt) < Date.parse(startsAt))
    throw fieldError('endsAt', CONTENT_MESSAGES.endBeforeStart);
  return {
    ...body,
    ...(body.startsAt ? { startsAt: new Date(body.startsAt) } : {}),
    ...(body.endsAt ? { endsAt: new Date(body.endsAt) } : {}),
  };
}

/** Events: members register in the app (events.registrations.ts); staff see and export attendees. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = contentEndpoints.events;
  recordRoutes(app, {
    endpoints: e,
    entity: EVENT_ENTITY,
    label: 'Event',
    table: events,
    list: eventList,
    row: eventRow,
    create: eventBody,
    update: eventUpdateBody,
    values,
    fileName: 'events',
    archive: events.active,
  });
  listRoutes(app, {
    endpoints: e.attendees,
    list: attendeeList,
    fileName: 'event-attendees',
    scope: (request) => eq(eventRegistrations.eventId, pathId(request)),
  });
  fileRoutes(app, {
    endpoints: e.image,
    resolve: async (a, p) => {
      const [row] = await a.database.db
        .select({ id: events.id })
        .from(events)
        .where(sql`${events.id} = ${p.id} and ${p.fileId ?? 0} = any(${events.imageFileIds})`);
      return row ? p.fileId : undefined;
    },
  });
};
