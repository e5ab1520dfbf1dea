import { APP_PLATFORMS, type AppVersionRow } from '@app/contract/app-versions';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appVersions } from '../../db/schema/notifications';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { istDayRange, oneOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

const columns = {
  id: appVersions.id,
  platform: appVersions.platform,
  latest: appVersions.latest,
  minimum: appVersions.minimum,
  force: appVersions.force,
  notes: appVersions.notes,
  createdByName: staff.name,
  createdAt: isoText(appVersions.createdAt),
};

/** Every change of the app versions, newest first (the page's history and its export). */
export const appVersionList = defineList<AppVersionRow>({
  columns: {
    ...columns,
    platform: { sql: appVersions.platform, label: 'Platform', width: 10 },
    latest: { sql: appVersions.latest, label: 'Latest', width: 14 },
    minimum: { sql: appVersions.minimum, label: 'Minimum supported', width: 18 },
    force: { sql: appVersions.force, label: 'Force update', format: 'bool', width: 12 },
    notes: { sql: appVersions.notes, label: 'Notes', width: 40 },
    createdByName: { sql: staff.name, label: 'Changed by', width: 20 },
    createdAt: { sql: columns.createdAt, label: 'Changed', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db.select(fields).from(appVersions).leftJoin(staff, eq(staff.id, appVersions.createdBy)).$dynamic(),
  filters: { platform: oneOf(appVersions.platform, APP_PLATFORMS), ...istDayRange(appVersions.createdAt) },
  sort: { id: appVersions.id, createdAt: appVersions.createdAt },
  defaultSort: 'id',
  id: appVersions.id,
});

/** The current setting of a platform: its newest row. */
export async function currentOf(tx: Executor, platform: string): Promise<AppVersionRow | undefined> {
  const [row] = await appVersionList
    .from(tx, columns)
    .where(eq(appVersions.platform, platform))
    .orderBy(desc(appVersions.id))
    .limit(1);
  return row as AppVersionRow | undefined;
}

export async function findVersion(tx: Executor, id: number, platform: string) {
  const [row] = await appVersionList
    .from(tx, columns)
    .where(and(eq(appVersions.id, id), eq(appVersions.platform, platform)));
  return row as AppVersionRow | undefined;
}

export async function insertVersion(tx: Executor, values: typeof appVersions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(appVersions).values(values).returning({ id: appVersions.id });
  return row!.id;
}
