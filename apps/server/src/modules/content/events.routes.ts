import { CONTENT_MESSAGES } from '@app/contract/content';
import {
  contentEndpoints,
  EVENT_ENTITY,
  type EventBody,
  type EventRow,
  eventBody,
  eventRow,
  eventUpdateBody,
} from '@app/contract/content-media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { recordRoutes, type WriteContext } from '../../lib/records';
import { claimContentFiles, fileRoutes } from './content-files';
import { attendeeList, attendeesOf, eventList, eventRecord, isEventImage } from './events.repository';

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
    ...eventRecord,
    list: eventList,
    row: eventRow,
    create: eventBody,
    update: eventUpdateBody,
    values,
    fileName: 'events',
  });
  listRoutes(app, {
    endpoints: e.attendees,
    list: attendeeList,
    fileName: 'event-attendees',
    scope: (request) => attendeesOf(pathId(request)),
  });
  fileRoutes(app, {
    endpoints: e.image,
    resolve: async (a, p) =>
      (await isEventImage(a.database.db, p.id, p.fileId ?? 0)) ? p.fileId : undefined,
  });
};
