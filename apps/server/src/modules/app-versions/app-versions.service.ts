import {
  APP_VERSION_ENTITY,
  type AppPlatform,
  type AppVersionBody,
  type AppVersionRow,
  type CurrentVersions,
  APP_VERSION_MESSAGES as M,
  type VersionCheck,
} from '@app/contract/app-versions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import semver from 'semver';
import { type Actor, audit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import * as repo from './app-versions.repository';

export { appVersionList } from './app-versions.repository';

export async function currentVersions(app: FastifyInstance): Promise<CurrentVersions> {
  const { db } = app.database;
  return {
    android: (await repo.currentOf(db, 'android')) ?? null,
    ios: (await repo.currentOf(db, 'ios')) ?? null,
  };
}

/** A new setting for a platform: a new row (the old one stays as history), audited. */
export function setVersion(
  app: FastifyInstance,
  actor: Actor,
  platform: AppPlatform,
  body: AppVersionBody,
): Promise<AppVersionRow> {
  if (semver.gt(body.minimum, body.latest)) throw fieldError('minimum', M.minimumAboveLatest);
  return app.database.db.transaction(async (tx) => {
    // One change per platform at a time: "before" in the audit is the setting this one replaces.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_versions'), hashtext(${platform}))`);
    const before = await repo.currentOf(tx, platform);
    const id = await repo.insertVersion(tx, { platform, ...body, createdBy: actor.id });
    await audit(tx, actor, {
      action: 'app_version.changed',
      entity: APP_VERSION_ENTITY,
      entityId: platform,
      before: before
        ? { latest: before.latest, minimum: before.minimum, force: before.force, notes: before.notes }
        : null,
      after: body,
    });
    return (await repo.findVersion(tx, id, platform))!;
  });
}

/**
 * Whether the app at `current` must update: below the minimum supported version, or below the
 * latest while the force flag is on. Semantic-version order: 1.10.0 > 1.9.0, 2.0.0-beta.1 < 2.0.0.
 */
export function mustUpdate(
  current: string,
  setting: { latest: string; minimum: string; force: boolean },
): boolean {
  return semver.lt(current, setting.minimum) || (setting.force && semver.lt(current, setting.latest));
}

export async function checkVersion(
  app: FastifyInstance,
  platform: AppPlatform,
  current: string,
): Promise<VersionCheck> {
  const setting = await repo.currentOf(app.database.db, platform);
  if (!setting) throw notFound(`App version for ${platform}`);
  return {
    latest: setting.latest,
    minimum: setting.minimum,
    mustUpdate: mustUpdate(current, setting),
    notes: setting.notes,
  };
}
