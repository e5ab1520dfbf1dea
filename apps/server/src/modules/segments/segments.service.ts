import {
  type CampaignTarget,
  SEGMENT_ENTITY,
  SEGMENT_MESSAGES,
  type SegmentBody,
  type SegmentConditions,
  type SegmentRow,
} from '@app/contract/segments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { segments } from '../../db/schema/segments';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import * as repo from './segments.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

async function rowOf(
  db: Executor,
  r: Awaited<ReturnType<typeof repo.listSegments>>[number],
): Promise<SegmentRow> {
  const conditions = r.conditions as SegmentConditions;
  return {
    ...r,
    conditions,
    members: await repo.countSegment(db, conditions),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** Saved segments, each counted now (a handful of segments: one COUNT each). */
export async function listSegments(app: FastifyInstance): Promise<SegmentRow[]> {
  const db = app.database.db;
  const rows = await repo.listSegments(db);
  return Promise.all(rows.map((r) => rowOf(db, r)));
}

async function one(db: Executor, id: number): Promise<SegmentRow> {
  const row = (await repo.listSegments(db)).find((r) => r.id === id);
  if (!row) throw notFound('Segment');
  return rowOf(db, row);
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error))
    throw conflict(SEGMENT_MESSAGES.nameTaken, { name: SEGMENT_MESSAGES.nameTaken });
  throw error;
};

export async function createSegment(
  app: FastifyInstance,
  actor: Actor,
  body: SegmentBody,
): Promise<SegmentRow> {
  const id = await app.database.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(segments)
        .values({ name: body.name, conditions: body.conditions, createdBy: actor.id })
        .returning({ id: segments.id });
      await audit(tx, actor, {
        action: 'segment.created',
        entity: SEGMENT_ENTITY,
        entityId: row!.id,
        after: body,
      });
      return row!.id;
    })
    .catch(nameTaken);
  return one(app.database.db, id);
}

export async function updateSegment(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: SegmentBody,
): Promise<SegmentRow> {
  await app.database.db
    .transaction(async (tx) => {
      const before = await repo.lockSegment(tx, id);
      if (!before) throw notFound('Segment');
      await tx
        .update(segments)
        .set({ name: body.name, conditions: body.conditions, updatedAt: sql`now()` })
        .where(sql`${segments.id} = ${id}`);
      await audit(tx, actor, {
        action: 'segment.updated',
        entity: SEGMENT_ENTITY,
        entityId: id,
        before: { name: before.name, conditions: before.conditions },
        after: body,
      });
    })
    .catch(nameTaken);
  return one(app.database.db, id);
}

export async function archiveSegment(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    const before = await repo.lockSegment(tx, id);
    if (!before) throw notFound('Segment');
    // The name is freed for a new segment; the archived one keeps its campaigns.
    await tx
      .update(segments)
      .set({ archivedAt: sql`now()`, name: `${before.name} (archived ${id})` })
      .where(sql`${segments.id} = ${id}`);
    await audit(tx, actor, { action: 'segment.archived', entity: SEGMENT_ENTITY, entityId: id, before });
  });
}

export interface CampaignStart {
  kind: 'notification' | 'scheme' | 'game';
  target: CampaignTarget;
  startsAt: Date | string;
  endsAt: Date | string;
  /** A further condition on `members m` (a notification reaches no blocked or rejected member). */
  only?: ReturnType<typeof sql>;
  /** The body field a refusal names (the segment id where the caller's body holds it). */
  field: string;
}

/**
 * Freezes a segment for a campaign, in the caller's transaction (the one that creates the
 * notification, scheme or game): the campaign row, its member list with the holdout, its audit entry.
 * A segment that matches nobody to reach is refused, naming the field.
 */
export async function startCampaign(tx: Executor, actor: Actor, start: CampaignStart) {
  const segment = await repo.findSegment(tx, start.target.segmentId);
  if (!segment) throw fieldError(start.field, SEGMENT_MESSAGES.segmentUnknown);
  const conditions = segment.conditions as SegmentConditions;
  const campaignId = await repo.insertCampaign(tx, {
    segmentId: segment.id,
    kind: start.kind,
    segmentName: segment.name,
    conditions,
    holdoutPercent: start.target.holdoutPercent,
    members: 0,
    holdoutMembers: 0,
    startsAt: new Date(start.startsAt),
    endsAt: new Date(start.endsAt),
    createdBy: actor.id,
  });
  const counts = await repo.freezeMembers(
    tx,
    campaignId,
    conditions,
    start.target.holdoutPercent,
    start.only,
  );
  if (counts.members === 0) throw fieldError(start.field, SEGMENT_MESSAGES.segmentEmpty);
  await audit(tx, actor, {
    action: 'campaign.started',
    entity: 'campaign',
    entityId: campaignId,
    after: { kind: start.kind, segmentId: segment.id, segmentName: segment.name, conditions, ...counts },
  });
  return { campaignId, ...counts };
}

/** Links the campaign to the notification, scheme or game made in the same transaction. */
export const linkCampaign = repo.setCampaignTarget;
