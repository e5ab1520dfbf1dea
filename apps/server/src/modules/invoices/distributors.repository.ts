import type { DistributorRow } from '@app/contract/invoices';
import type { ListQuery } from '@app/contract/list';
import { count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributors } from '../../db/schema/invoices';
import { type ListSpec, runList } from '../../lib/list';
import { booleanFilter, containsPattern, isoText } from '../../lib/list-filters';

const columns = {
  id: distributors.id,
  code: distributors.code,
  name: distributors.name,
  gstin: distributors.gstin,
  state: distributors.state,
  city: distributors.city,
  active: distributors.active,
  createdAt: isoText(distributors.createdAt),
};

const spec: ListSpec = {
  sortable: {
    id: distributors.id,
    code: distributors.code,
    name: distributors.name,
    state: distributors.state,
  },
  defaultSort: 'name',
  id: distributors.id,
  filters: {
    q: (v) =>
      or(
        ilike(distributors.name, containsPattern(v)),
        ilike(distributors.code, containsPattern(v)),
        ilike(distributors.city, containsPattern(v)),
      ),
    state: (v) => eq(distributors.state, String(v)),
    active: (v) => eq(distributors.active, booleanFilter('active', v)),
  },
};

export const listDistributors = (tx: Executor, query: ListQuery) =>
  runList<DistributorRow>(spec, query, {
    select: (cursor) =>
      tx
        .select({ ...columns, ...cursor })
        .from(distributors)
        .$dynamic(),
    count: () => tx.select({ n: count() }).from(distributors).$dynamic(),
  });

export async function findDistributor(tx: Executor, id: number): Promise<DistributorRow | undefined> {
  const [row] = await tx.select(columns).from(distributors).where(eq(distributors.id, id));
  return row;
}

export const distributorsByCode = (tx: Executor, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : tx.select(columns).from(distributors).where(inArray(distributors.code, codes));

export async function insertDistributor(tx: Executor, values: typeof distributors.$inferInsert) {
  const [row] = await tx.insert(distributors).values(values).returning({ id: distributors.id });
  return row!.id;
}

export async function updateDistributor(
  tx: Executor,
  id: number,
  values: Partial<typeof distributors.$inferInsert>,
) {
  await tx.update(distributors).set(values).where(eq(distributors.id, id));
}
