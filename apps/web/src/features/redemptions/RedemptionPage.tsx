import { formatCount, formatRupees } from '@app/contract/format';
import {
  REDEMPTION_KIND_LABELS,
  REDEMPTION_PAGE,
  REDEMPTION_STATUS_LABELS,
  REDEMPTION_STATUSES,
  type RedemptionKind,
  type RedemptionRow,
} from '@app/contract/redemptions';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { useProfile } from '../../app/profile-context';
import { DayInput } from '../../components/DayInput';
import { RupeesField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { redemptionCells, redemptionWhat } from '../../components/redemption-columns';
import { StatusChip } from '../../components/StatusChip';
import { PayoutsTab } from './PayoutsTab';
import { BulkDecisionButtons, REDEMPTIONS_RESOURCE, RedemptionRowActions } from './RedemptionActions';
import { UtrUploadDialog } from './UtrUploadDialog';

const TABS: { kind: RedemptionKind | 'all' | 'payouts'; label: string }[] = [
  { kind: 'all', label: 'All' },
  { kind: 'gift', label: 'Gift' },
  { kind: 'voucher', label: 'E-voucher' },
  { kind: 'cash', label: 'Cash' },
  { kind: 'payouts', label: 'Payouts' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, code or mobile" />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={REDEMPTION_STATUSES.map((s) => ({ id: s, name: REDEMPTION_STATUS_LABELS[s] }))}
  />,
  <TextInput key="fy" source="financialYear" label="Financial year (2026-27)" />,
  <DayInput key="from" source="from" label="Requested from" />,
  <DayInput key="to" source="to" label="Requested to" />,
];

/** The state, and "waiting for stock" for an approved voucher redemption without its voucher yet. */
function StateField() {
  const r = useRecordContext<RedemptionRow>();
  if (!r) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <StatusChip />
      {r.waitingForStock && (
        <Chip size="small" color="warning" variant="outlined" label="waiting for stock" />
      )}
    </Stack>
  );
}

function Queue({ kind }: { kind: RedemptionKind | 'all' }) {
  const filter = kind === 'all' ? undefined : { kind };
  return (
    <ListPage
      title={false}
      resource={REDEMPTIONS_RESOURCE}
      storeKey={`redemptions-${kind}`}
      exportName={`redemptions-${kind}`}
      filter={filter}
      filters={filters}
      filterDefaultValues={{ status: 'requested' }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      empty="No redemptions match."
      bulkActions={<BulkDecisionButtons />}
      rowActions={(record: RedemptionRow) => <RedemptionRowActions record={record} />}
      compact={{
        primary: (r: RedemptionRow) => `#${r.id} · ${r.memberName} (${r.memberCode})`,
        secondary: (r: RedemptionRow) =>
          `${REDEMPTION_KIND_LABELS[r.kind]}: ${redemptionWhat(r)} · ${formatCount(r.points)} points · ${formatRupees(r.valuePaise)}`,
        tertiary: (r: RedemptionRow) =>
          `${REDEMPTION_STATUS_LABELS[r.status]}${r.waitingForStock ? ' · waiting for stock' : ''}${r.tdsPaise ? ` · TDS ${formatRupees(r.tdsPaise)}` : ''}`,
      }}
      columns={[
        redemptionCells.id,
        redemptionCells.requested,
        <FunctionField
          key="member"
          label="Member"
          sortable={false}
          render={(r: RedemptionRow) => `${r.memberName} (${r.memberCode})`}
        />,
        redemptionCells.kind,
        redemptionCells.what,
        redemptionCells.points,
        redemptionCells.value,
        redemptionCells.tds,
        <RupeesField key="net" source="netPaise" label="Net" sortable={false} />,
        <FunctionField key="status" label="Status" sortable={false} render={() => <StateField />} />,
        <TextField key="by" source="approvedByName" label="Approved by" sortable={false} emptyText="" />,
        <TextField key="utr" source="utr" label="UTR" sortable={false} emptyText="" />,
      ]}
    />
  );
}

function KindTabs() {
  const { kind = 'all' } = useParams();
  const current = TABS.some((t) => t.kind === kind) ? (kind as RedemptionKind | 'all' | 'payouts') : 'all';
  const { can } = useProfile();
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {pageTitle(REDEMPTION_PAGE)}
        </Typography>
        {can('redemptions.pay') && (
          <Button label="Upload UTRs" onClick={() => setUploading(true)}>
            <UploadFileIcon />
          </Button>
        )}
      </Stack>
      <Tabs value={current} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((t) => (
          <Tab
            key={t.kind}
            label={t.label}
            value={t.kind}
            component={Link}
            to={t.kind === 'all' ? REDEMPTION_PAGE : `${REDEMPTION_PAGE}/${t.kind}`}
          />
        ))}
      </Tabs>
      {current === 'payouts' ? <PayoutsTab /> : <Queue key={current} kind={current} />}
      {uploading && <UtrUploadDialog onClose={() => setUploading(false)} />}
    </>
  );
}

/** Approvals → Redemption: the queue by type; approve or reject one or many; cash paid (UTR) or failed. */
export default function RedemptionPage() {
  return (
    <Routes>
      <Route index element={<KindTabs />} />
      <Route path=":kind" element={<KindTabs />} />
    </Routes>
  );
}
