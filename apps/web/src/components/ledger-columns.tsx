import { formatCount, formatDateTime } from '@app/contract/format';
import { LEDGER_KIND_LABELS, type LedgerKind } from '@app/contract/ledger';
import { FunctionField, type RaRecord, TextField } from 'react-admin';
import { CountField, DateTimeField } from './fields';
import type { CompactRow } from './list/CompactList';

const kind = (r: RaRecord) => LEDGER_KIND_LABELS[r.kind as LedgerKind] ?? r.kind;

/** Ledger entry columns shared by QR Points History, the credits lists and a member's ledger. */
export const ledgerColumns = (withMember = true) => [
  <DateTimeField key="at" source="createdAt" label="Time" />,
  ...(withMember
    ? [
        <TextField key="code" source="memberCode" label="Code" sortable={false} />,
        <TextField key="name" source="memberName" label="Member" sortable={false} />,
      ]
    : []),
  <FunctionField key="kind" label="Kind" render={kind} sortable={false} />,
  <CountField key="amount" source="amount" label="Points" />,
  <CountField key="bal" source="balanceAfter" label="Balance after" sortable={false} />,
  <TextField key="ref" source="reference" sortable={false} />,
  <TextField key="by" source="staffName" label="By" sortable={false} emptyText="—" />,
  <TextField key="note" source="note" sortable={false} emptyText="—" />,
];

export const ledgerCompact: CompactRow = {
  primary: (r) => `${formatCount(r.amount)} pts · ${kind(r)}`,
  secondary: (r) => (r.memberName ? `${r.memberName} · ${r.memberCode}` : String(r.reference ?? '')),
  tertiary: (r) => `${formatDateTime(r.createdAt)} · balance ${formatCount(r.balanceAfter)}`,
};
