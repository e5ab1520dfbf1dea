import type { DecisionResult } from '@app/contract/decisions';
import { istDayStart, todayInIndia } from '@app/contract/format';
import {
  PROJECT_MESSAGES as M,
  type ProjectBonusSettingBody,
  type ProjectCreateBody,
  type ProjectDetail,
} from '@app/contract/projects';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema/files';
import { projectBonusSettings, projects } from '../../db/schema/projects';
import { type Actor, audit } from '../../lib/audit';
import { type DecisionFlow, decideMany, decideOne } from '../../lib/decisions';
import { fieldError, notFound } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { claimFile, openStored } from '../files';
import { postEntry } from '../ledger';
import { queueStepMessage } from '../messages';
import {
  bonusHistory,
  bonusInForce,
  findProject,
  lockProject,
  ownProject,
  photoIdsOf,
} from './projects.repository';

export const PROJECT_ENTITY = 'project';
export const bonusReference = (projectId: number) => `project:${projectId}`;

/**
 * A member registers a project; its photos must be the member's own unused project photos. Who may
 * register one is the route's guard (member-auth/member-writes.ts `registerProject`).
 */
export function createProject(
  app: FastifyInstance,
  memberId: number,
  body: ProjectCreateBody,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx) => {
    for (const [i, fileId] of body.photoFileIds.entries()) {
      const file = await claimFile(tx, fileId, {
        purpose: 'project_photo',
        owner: { memberId },
        field: `photoFileIds.${i}`,
        message: M.photo,
      });
      if (!file.contentType.startsWith('image/')) throw fieldError(`photoFileIds.${i}`, M.photo);
    }
    const [row] = await tx
      .insert(projects)
      .values({
        memberId,
        name: body.name,
        siteAddress: body.siteAddress,
        pincode: body.pincode,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        type: body.type,
        stage: body.stage,
        expectedQuantity: body.expectedQuantity,
        photoFileIds: body.photoFileIds,
      })
      .returning({ id: projects.id });
    return ownProject(tx, row!.id);
  });
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockProject>>>;

/**
 * Project decisions through the shared mechanism: the member registered it, so there is no staff
 * maker. Approval credits the bonus in force once (`project_bonus`, reference `project:<id>`): the
 * row lock makes a second approval a 409, and the ledger's unique (kind, reference) backs it.
 */
export const projectDecisions: DecisionFlow<Locked> = {
  entity: 'Project',
  lock: lockProject,
  wrongState: (row) => (row.state === 'submitted' ? null : `This project was already ${row.state}`),
  reasonRequired: { results: ['rejected'], field: 'reason' },
  async apply(tx, row, { actor, result, reason }) {
    let bonusPoints: number | null = null;
    if (result === 'approved') {
      bonusPoints = (await bonusInForce(tx))?.points ?? 0;
      if (bonusPoints > 0)
        await postEntry(tx, {
          memberId: row.memberId,
          amount: bonusPoints,
          kind: 'project_bonus',
          reference: bonusReference(row.id),
          staffId: actor.id,
          note: `Project: ${row.name}`,
        });
    }
    await tx
      .update(projects)
      .set({ state: result, reason, decidedBy: actor.id, decidedAt: sql`now()`, bonusPoints })
      .where(eq(projects.id, row.id));
    await queueStepMessage(
      tx,
      row.memberId,
      `project.${result}`,
      { project: row.name, points: bonusPoints ?? 0, reason },
      { kind: `project.${result}`, id: row.id },
    );
    return {
      action: `project.${result}`,
      entity: PROJECT_ENTITY,
      entityId: row.id,
      before: { state: row.state },
      after: { state: result, reason, bonusPoints, memberId: row.memberId },
    };
  },
};

export const loadProject = async (tx: Executor, projectId: number) => {
  const row = await findProject(tx, projectId);
  if (!row) throw notFound('Project');
  return row;
};

export const decideProject = (
  app: FastifyInstance,
  actor: Actor,
  projectId: number,
  result: DecisionResult,
  reason: string | undefined,
) =>
  decideOne(
    app,
    projectDecisions,
    projectId,
    { actor, result, reason: reason || null, input: undefined },
    loadProject,
  );

export const decideProjects = (
  app: FastifyInstance,
  actor: Actor,
  ids: number[],
  result: DecisionResult,
  reason: string | undefined,
) => decideMany(app, projectDecisions, ids, { actor, result, reason: reason || null, input: undefined });

/** One project with its photos' types. */
export async function projectDetail(tx: Executor, projectId: number): Promise<ProjectDetail> {
  const row = await loadProject(tx, projectId);
  const ids = (await photoIdsOf(tx, projectId)) ?? [];
  const stored = ids.length
    ? await tx
        .select({ id: files.id, contentType: files.contentType, thumbnailId: files.thumbnailId })
        .from(files)
        .where(inArray(files.id, ids))
    : [];
  const byId = new Map(stored.map((f) => [f.id, f]));
  const photos = ids.flatMap((fileId) => {
    const f = byId.get(fileId);
    return f ? [{ fileId, contentType: f.contentType, hasThumbnail: f.thumbnailId !== null }] : [];
  });
  return { ...row, photos };
}

/** A photo of the project (or its thumbnail): only a file the project references. */
export async function projectPhoto(
  app: FastifyInstance,
  projectId: number,
  fileId: number,
  variant: 'file' | 'thumbnail',
) {
  const ids = await photoIdsOf(app.database.db, projectId);
  if (!ids) throw notFound('Project');
  if (!ids.includes(fileId)) throw notFound('Photo');
  return openStored(app, fileId, 'Photo', variant);
}

/** A new bonus from 00:00 IST of its day (today or later), audited; answers the history. */
export async function addBonusSetting(app: FastifyInstance, actor: Actor, body: ProjectBonusSettingBody) {
  if (body.effectiveFrom < todayInIndia())
    throw fieldError('effectiveFrom', 'The date must be today or later');
  const at = istDayStart(body.effectiveFrom);
  if (!at) throw fieldError('effectiveFrom', 'Use a date as YYYY-MM-DD');
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectBonusSettings)
      .values({ points: body.points, effectiveFrom: new Date(at), createdBy: actor.id })
      .returning({ id: projectBonusSettings.id });
    await audit(tx, actor, {
      action: 'project_bonus_setting.added',
      entity: 'project_bonus_setting',
      entityId: row!.id,
      after: body,
    });
    return bonusHistory(tx);
  });
}
