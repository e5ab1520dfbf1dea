import { REPORTS } from '@app/contract/reports';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema/members';
import { REDEMPTION_REPORT_SOURCES } from '../../modules/redemptions/redemption-report-sources';
import { redemptionList } from '../../modules/redemptions/redemptions.repository';
import { defineList } from './define';
import { exportColumns } from './export';
import { reportOf } from './report';

/** A list's columns are declared once: the export and the report types built on it read that declaration. */
describe('a report built on a list', () => {
  const list = defineList<{ id: number; name: string; note: string; balance: number }>({
    columns: {
      id: members.id,
      name: { sql: members.name, label: 'Name', width: 24 },
      note: { sql: sql<string>`''`, label: 'Note', width: 30, report: false },
      balance: { sql: members.balance, label: 'Balance', format: 'int', width: 10 },
    },
    computed: { rupees: { label: 'Value (₹)', format: 'rupees', cell: (row) => row.balance / 10 } },
    from: (db, fields) => db.select(fields).from(members).$dynamic(),
    filters: {},
    sort: { createdAt: members.createdAt },
    defaultSort: 'createdAt',
    id: members.id,
  });

  it('has the list’s labelled columns, widths and formats, but those marked report: false', () => {
    expect(exportColumns(list).map((c) => c.label)).toEqual(['Name', 'Note', 'Balance', 'Value (₹)']);
    expect(reportOf(list, 'createdAt').columns).toEqual([
      { header: 'Name', key: 'name', width: 24, format: 'text' },
      { header: 'Balance', key: 'balance', width: 10, format: 'int' },
      { header: 'Value (₹)', key: 'rupees', format: 'rupees' },
    ]);
  });

  it('Approvals → Redemption: the redemptions report names no columns of its own in the catalogue', () => {
    const entry = REPORTS.find((r) => r.key === 'redemptions') as { columns?: unknown };
    expect(entry.columns).toBeUndefined();
    const labels = exportColumns(redemptionList).map((c) => c.label);
    expect(REDEMPTION_REPORT_SOURCES.redemptions.columns.map((c) => c.header)).toEqual(
      labels.filter((l) => l !== 'Paid by' && l !== 'Ship to'),
    );
  });
});
