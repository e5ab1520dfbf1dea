import { resourceOf } from '@app/contract/endpoint';
import {
  LEDGER_KIND_LABELS,
  LEDGER_KINDS,
  LEDGER_MOVEMENT_LABELS,
  LEDGER_MOVEMENTS,
  ledgerEndpoints,
} from '@app/contract/ledger';
import { NumberInput, SearchInput, SelectInput } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { ledgerColumns, ledgerCompact } from '../../components/ledger-columns';
import { ListPage } from '../../components/list/ListPage';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput
    key="kind"
    source="kind"
    alwaysOn
    choices={LEDGER_KINDS.map((k) => ({ id: k, name: LEDGER_KIND_LABELS[k] }))}
  />,
  // What the dashboard's points cards link with: issued, redeemed, adjusted.
  <SelectInput
    key="movement"
    source="movement"
    label="Figure"
    choices={LEDGER_MOVEMENTS.map((m) => ({ id: m, name: LEDGER_MOVEMENT_LABELS[m] }))}
  />,
  <NumberInput key="memberId" source="memberId" label="Member id" />,
  <DayInput key="from" source="from" label="From" />,
  <DayInput key="to" source="to" label="To" />,
];

/** QR Points History: every points ledger entry, of all kinds, with kind/member/date filters. */
export default function QrPointHistoriesPage() {
  return (
    <ListPage
      page="/dashboard/QrPointHistories"
      resource={resourceOf(ledgerEndpoints.list)}
      exportName="points-ledger"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No points have moved yet. Scans, bonuses, adjustments and redemptions appear here."
      columns={ledgerColumns()}
      compact={ledgerCompact}
    />
  );
}
