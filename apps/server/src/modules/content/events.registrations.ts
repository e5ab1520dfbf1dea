import { type AppEvent, EVENT_MESSAGES } from '@app/contract/content-media';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { eventRegistrations, events } from '../../db/schema/content';
import { conflict, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';

/**
 * Members register for events in the app. `events.registered` counts live registrations; a
 * registration takes a seat with one guarded UPDATE (`registered < capacity`), so concurrent
 * registrations can never pass the capacity (and a CHECK holds it in the table too).
 */

const open = (id: number) => and(eq(events.id, id), eq(events.active, true), gt(events.endsAt, sql`now()`));

export const appEventUrl = (eventId: number, fileId: number) =>
  `/api/app/content/events/${eventId}/images/${fileId}`;

/** Upcoming and running events, each with whether this member holds a seat. */
export async function appEvents(db: Executor, memberId: number): Promise<AppEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      type: events.type,
      description: events.description,
      venue: events.venue,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      capacity: events.capacity,
      registeredCount: events.registered,
      imageFileIds: events.imageFileIds,
      mine: eventRegistrations.status,
    })
    .from(events)
    .leftJoin(
      eventRegistrations,
      and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.memberId, memberId)),
    )
    .where(and(eq(events.active, true), gt(events.endsAt, sql`now()`)))
    .orderBy(asc(events.sortOrder), asc(events.startsAt), asc(events.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type as AppEvent['type'],
    description: r.description,
    venue: r.venue,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    capacity: r.capacity,
    seatsLeft: r.capacity - r.registeredCount,
    imageUrls: r.imageFileIds.map((f) => appEventUrl(r.id, f)),
    registered: r.mine === 'registered',
  }));
}

async function oneEvent(tx: Executor, eventId: number, memberId: number) {
  const [event] = (await appEvents(tx, memberId)).filter((e) => e.id === eventId);
  if (!event) throw notFound('Event');
  return event;
}

/** Takes a seat (or keeps the one held). 409 when full or closed; nothing changes then. */
export async function takeSeat(tx: Tx, eventId: number, memberId: number) {
  const [exists] = await tx.select({ id: events.id }).from(events).where(open(eventId));
  if (!exists) throw notFound('Event');
  const [fresh] = await tx
    .insert(eventRegistrations)
    .values({ eventId, memberId })
    .onConflictDoUpdate({
      target: [eventRegistrations.eventId, eventRegistrations.memberId],
      set: { status: 'registered', registeredAt: sql`now()`, cancelledAt: null },
      setWhere: sql`${eventRegistrations.status} = 'cancelled'`,
    })
    .returning({ id: eventRegistrations.id });
  if (!fresh) return; // already registered: the seat is theirs
  const [seat] = await tx
    .update(events)
    .set({ registered: sql`${events.registered} + 1` })
    .where(and(open(eventId), sql`${events.registered} < ${events.capacity}`))
    .returning({ id: events.id });
  if (!seat) throw conflict(EVENT_MESSAGES.full);
}

export async function freeSeat(tx: Tx, eventId: number, memberId: number) {
  const [exists] = await tx.select({ id: events.id }).from(events).where(open(eventId));
  if (!exists) throw notFound('Event');
  const [cancelled] = await tx
    .update(eventRegistrations)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.memberId, memberId),
        eq(eventRegistrations.status, 'registered'),
      ),
    )
    .returning({ id: eventRegistrations.id });
  if (cancelled)
    await tx
      .update(events)
      .set({ registered: sql`${events.registered} - 1` })
      .where(eq(events.id, eventId));
}

export const registerForEvent = (
  app: FastifyInstance,
  eventId: number,
  memberId: number,
  ctx: IdempotencyContext,
) =>
  idempotent(app, ctx, async (tx) => {
    await takeSeat(tx, eventId, memberId);
    return oneEvent(tx, eventId, memberId);
  });

export const cancelRegistration = (
  app: FastifyInstance,
  eventId: number,
  memberId: number,
  ctx: IdempotencyContext,
) =>
  idempotent(app, ctx, async (tx) => {
    await freeSeat(tx, eventId, memberId);
    return oneEvent(tx, eventId, memberId);
  });
