import {
  type MemberProject,
  PROJECT_STAGES,
  PROJECT_STATES,
  PROJECT_TYPES,
  type ProjectBonusSettingRow,
  type ProjectRow,
} from '@app/contract/projects';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { projects as p, projectBonusSettings } from '../../db/schema/projects';
import { staff } from '../../db/schema/staff';
import { columnOf, defineList, type Expr } from '../../lib/lists/define';
import { id, istDayRange, oneOf } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';
import { memberSearch } from '../members';

const own = {
  id: p.id,
  name: p.name,
  siteAddress: p.siteAddress,
  pincode: p.pincode,
  latitude: p.latitude,
  longitude: p.longitude,
  type: sql<ProjectRow['type']>`${p.type}`,
  stage: sql<ProjectRow['stage']>`${p.stage}`,
  expectedQuantity: p.expectedQuantity,
  photoCount: sql<number>`cardinality(${p.photoFileIds})::int`,
  state: sql<ProjectRow['state']>`${p.state}`,
  reason: p.reason,
  bonusPoints: p.bonusPoints,
  decidedAt: sql<string | null>`${isoText(p.decidedAt)}`,
  createdAt: isoText(p.createdAt),
};

/** Project Registration, its export, the "Projects" report and the member detail's tab. */
export const projectList = defineList<ProjectRow>({
  columns: {
    ...own,
    id: { sql: p.id, label: 'Project', format: 'int', width: 8 },
    createdAt: { sql: own.createdAt, label: 'Registered', format: 'datetime', width: 20 },
    memberId: p.memberId,
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    memberMobile: { sql: members.mobile, label: 'Mobile', width: 12 },
    name: { sql: p.name, label: 'Name', width: 24 },
    siteAddress: { sql: p.siteAddress, label: 'Site address', width: 36 },
    pincode: { sql: p.pincode, label: 'Pincode', width: 8 },
    type: { sql: own.type, label: 'Type', width: 14 },
    stage: { sql: own.stage, label: 'Stage', width: 12 },
    expectedQuantity: { sql: p.expectedQuantity, label: 'Expected quantity', format: 'int', width: 12 },
    photoCount: { sql: own.photoCount, label: 'Photos', format: 'int', width: 8 },
    state: { sql: own.state, label: 'State', width: 10 },
    reason: { sql: p.reason, label: 'Reason', width: 28 },
    bonusPoints: { sql: p.bonusPoints, label: 'Bonus points', format: 'int', width: 10 },
    decidedBy: p.decidedBy,
    decidedByName: { sql: staff.name, label: 'Decided by', width: 20 },
    decidedAt: { sql: own.decidedAt, label: 'Decided', format: 'datetime', width: 20 },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(p)
      .innerJoin(members, eq(members.id, p.memberId))
      .leftJoin(staff, eq(staff.id, p.decidedBy))
      .$dynamic(),
  filters: {
    q: memberSearch(),
    state: oneOf(p.state, PROJECT_STATES),
    type: oneOf(p.type, PROJECT_TYPES),
    stage: oneOf(p.stage, PROJECT_STAGES),
    memberId: id(p.memberId),
    ...istDayRange(p.createdAt),
  },
  sort: { id: p.id, createdAt: p.createdAt },
  defaultSort: 'id',
  id: p.id,
});

export const ofMember = (memberId: number) => eq(p.memberId, memberId);

const rowFields = Object.fromEntries(
  Object.entries(projectList.columns).map(([key, c]) => [key, columnOf(c as Expr).sql]),
);

export async function findProject(tx: Executor, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = (await projectList.from(tx, rowFields).where(eq(p.id, projectId))) as unknown as ProjectRow[];
  return row;
}

export async function photoIdsOf(tx: Executor, projectId: number): Promise<number[] | undefined> {
  const [row] = await tx.select({ ids: p.photoFileIds }).from(p).where(eq(p.id, projectId));
  return row?.ids;
}

export async function lockProject(tx: Executor, projectId: number) {
  const [row] = await tx.select().from(p).where(eq(p.id, projectId)).for('update');
  return row;
}

/** The member's own projects, newest first (the app). */
export async function projectsOfMember(tx: Executor, memberId: number): Promise<MemberProject[]> {
  return tx.select(own).from(p).where(eq(p.memberId, memberId)).orderBy(desc(p.id));
}

export async function ownProject(tx: Executor, projectId: number): Promise<MemberProject> {
  const [row] = await tx.select(own).from(p).where(eq(p.id, projectId));
  return row!;
}

/** The bonus in force now (latest effective-from not after now); none means no bonus. */
export async function bonusInForce(tx: Executor) {
  const [row] = await tx
    .select({ id: projectBonusSettings.id, points: projectBonusSettings.points })
    .from(projectBonusSettings)
    .where(lte(projectBonusSettings.effectiveFrom, sql`now()`))
    .orderBy(desc(projectBonusSettings.effectiveFrom), desc(projectBonusSettings.id))
    .limit(1);
  return row;
}

export async function bonusHistory(tx: Executor): Promise<ProjectBonusSettingRow[]> {
  const current = await bonusInForce(tx);
  const s = projectBonusSettings;
  const rows = await tx
    .select({
      id: s.id,
      points: s.points,
      effectiveFrom: isoText(s.effectiveFrom),
      createdBy: s.createdBy,
      createdByName: staff.name,
      createdAt: isoText(s.createdAt),
    })
    .from(s)
    .leftJoin(staff, eq(staff.id, s.createdBy))
    .orderBy(desc(s.effectiveFrom), desc(s.id));
  return rows.map((r) => ({ ...r, current: r.id === current?.id }));
}
