import type { DistributorRow } from '@app/contract/invoices';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { distributors } from '../../db/schema/invoices';
import { defineList } from '../../lib/lists/define';
import { bool, equals, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

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

/** Distributors on the Invoice page, and their export. */
export const distributorList = defineList<DistributorRow>({
  columns: {
    ...columns,
    code: { sql: distributors.code, label: 'Code', width: 12 },
    name: { sql: distributors.name, label: 'Name', width: 24 },
    gstin: { sql: distributors.gstin, label: 'GSTIN', width: 16 },
    state: { sql: distributors.state, label: 'State', width: 14 },
    city: { sql: distributors.city, label: 'City', width: 14 },
    active: { sql: distributors.active, label: 'Active', format: 'bool', width: 8 },
    createdAt: { sql: columns.createdAt, label: 'Added', format: 'datetime', width: 20 },
  },
  from: (db, fields) => db.select(fields).from(distributors).$dynamic(),
  filters: {
    q: text(distributors.name, distributors.code, distributors.city),
    state: equals(distributors.state),
    active: bool(distributors.active),
  },
  sort: { id: distributors.id, code: distributors.code, name: distributors.name, state: distributors.state },
  defaultSort: 'name',
  defaultOrder: 'ASC',
  id: distributors.id,
});

export async function findDistributor(tx: Executor, id: number): Promise<DistributorRow | undefined> {
  const [row] = await tx.select(columns).from(distributors).where(eq(distributors.id, id));
  return row;
}

export const distributorsByCode = (tx: Executor, codes: string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : tx.select(columns).from(distributors).where(inArray(distributors.code, codes));

/** The distributor record's table (lib/records). */
export const distributorRecord = { table: distributors };
