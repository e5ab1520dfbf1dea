import type { ApiKeyRow, ServiceAccountRow } from '@app/contract/integrations';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { apiKeys, serviceAccounts } from '../../db/schema/integrations';
import { staff } from '../../db/schema/staff';
import { isoText } from '../../lib/lists/sql';

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

const accountColumns = {
  id: serviceAccounts.id,
  name: serviceAccounts.name,
  description: serviceAccounts.description,
  status: sql<ServiceAccountRow['status']>`${serviceAccounts.status}`,
  requestedBy: serviceAccounts.requestedBy,
  requestedByName: requester.name,
  decidedByName: decider.name,
  decisionReason: serviceAccounts.decisionReason,
  createdAt: isoText(serviceAccounts.createdAt),
};

const selectAccounts = (tx: Executor) =>
  tx
    .select(accountColumns)
    .from(serviceAccounts)
    .leftJoin(requester, eq(requester.id, serviceAccounts.requestedBy))
    .leftJoin(decider, eq(decider.id, serviceAccounts.decidedBy))
    .$dynamic();

export const listAccounts = (tx: Executor): Promise<ServiceAccountRow[]> =>
  selectAccounts(tx).orderBy(desc(serviceAccounts.id));

export async function findAccount(tx: Executor, id: number): Promise<ServiceAccountRow | undefined> {
  const [row] = await selectAccounts(tx).where(eq(serviceAccounts.id, id));
  return row;
}

export async function lockAccount(tx: Executor, id: number) {
  const [row] = await tx.select().from(serviceAccounts).where(eq(serviceAccounts.id, id)).for('update');
  return row;
}

export async function insertAccount(tx: Executor, values: typeof serviceAccounts.$inferInsert) {
  const [row] = await tx.insert(serviceAccounts).values(values).returning({ id: serviceAccounts.id });
  return row!.id;
}

export async function updateAccount(
  tx: Executor,
  id: number,
  values: Partial<typeof serviceAccounts.$inferInsert>,
) {
  await tx
    .update(serviceAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(serviceAccounts.id, id));
}

const keyColumns = {
  id: apiKeys.id,
  accountId: apiKeys.accountId,
  accountName: serviceAccounts.name,
  label: apiKeys.label,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  validDays: apiKeys.validDays,
  ratePerMinute: apiKeys.ratePerMinute,
  status: sql<ApiKeyRow['status']>`${apiKeys.status}`,
  expiresAt: isoText(apiKeys.expiresAt),
  rotatesKeyId: apiKeys.rotatesKeyId,
  overlapHours: apiKeys.overlapHours,
  lastUsedAt: isoText(apiKeys.lastUsedAt),
  lastUsedIp: apiKeys.lastUsedIp,
  requestedBy: apiKeys.requestedBy,
  requestedByName: requester.name,
  decidedByName: decider.name,
  createdAt: isoText(apiKeys.createdAt),
};

const selectKeys = (tx: Executor) =>
  tx
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.accountId))
    .leftJoin(requester, eq(requester.id, apiKeys.requestedBy))
    .leftJoin(decider, eq(decider.id, apiKeys.decidedBy))
    .$dynamic();

export const listKeys = (tx: Executor): Promise<ApiKeyRow[]> =>
  selectKeys(tx).orderBy(asc(apiKeys.accountId), desc(apiKeys.id));

export async function findKey(tx: Executor, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await selectKeys(tx).where(eq(apiKeys.id, id));
  return row;
}

export async function lockKey(tx: Executor, id: number) {
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
  return row;
}

export async function insertKey(tx: Executor, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

export async function updateKey(tx: Executor, id: number, values: PgUpdateSetSource<typeof apiKeys>) {
  await tx.update(apiKeys).set(values).where(eq(apiKeys.id, id));
}

/** The key a presented prefix names, with its account, as the access layer checks it. */
export async function keyByPrefix(tx: Executor, prefix: string) {
  const [row] = await tx
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      status: apiKeys.status,
      live: sql<boolean>`${apiKeys.expiresAt} > now()`,
      ratePerMinute: apiKeys.ratePerMinute,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      accountId: serviceAccounts.id,
      accountName: serviceAccounts.name,
      accountStatus: serviceAccounts.status,
    })
    .from(apiKeys)
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.accountId))
    .where(eq(apiKeys.prefix, prefix));
  return row;
}

/** Records when and from where a key was last used. */
export async function touchKey(tx: Executor, id: number, ip: string) {
  await tx.update(apiKeys).set({ lastUsedAt: sql`now()`, lastUsedIp: ip }).where(eq(apiKeys.id, id));
}
