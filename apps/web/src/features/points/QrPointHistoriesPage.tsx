import { LEDGER_KIND_LABELS, LEDGER_KINDS } from '@app/contract/ledger';
import { Typography } from '@mui/material';
import { FilterButton, List, NumberInput, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { ListExportButton } from '../../components/ListExportButton';
import { LedgerDatagrid } from './LedgerDatagrid';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput
    key="kind"
    source="kind"
    alwaysOn
    choices={LEDGER_KINDS.map((k) => ({ id: k, name: LEDGER_KIND_LABELS[k] }))}
  />,
  <NumberInput key="memberId" source="memberId" label="Member id" />,
  <DayInput key="from" source="from" label="From" />,
  <DayInput key="to" source="to" label="To" />,
];

/** QR Points History: every points ledger entry, of all kinds, with kind/member/date filters. */
export default function QrPointHistoriesPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        QR Points History
      </Typography>
      <List
        resource="admin/ledger"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        title={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButton path="/admin/ledger/export" fileName="points-ledger" />
          </TopToolbar>
        }
      >
        <LedgerDatagrid />
      </List>
    </>
  );
}
