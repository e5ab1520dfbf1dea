import { couponScanEndpoints, SCAN_FLAGS, SCAN_RESULTS, type ScanRow } from '@app/contract/coupon-scans';
import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { FunctionField, NumberInput, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField } from '../../components/fields';
import { dayEnd, dayStart, endDay, startDay } from '../../components/ist-range';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { useProductChoices } from '../../components/use-options';
import { FraudRulesTab } from './FraudRulesTab';
import { ScanReviewTab } from './ScanReviewTab';

const choices = (list: readonly string[]) => list.map((id) => ({ id, name: id.replace(/_/g, ' ') }));

/** QR Scan History: the scans, the review queue and the fraud rules as tabs of the one page (the sidebar stays). */
export default function QrScanHistoryPage() {
  const [tab, setTab] = useState<'scans' | 'review' | 'rules'>('scans');
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle('/dashboard/QrScanHistories')}
      </Typography>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 1 }}>
        <Tab label="Scans" value="scans" />
        <Tab label="Review" value="review" />
        <Tab label="Fraud rules" value="rules" />
      </Tabs>
      {tab === 'scans' ? <ScanList /> : tab === 'review' ? <ScanReviewTab /> : <FraudRulesTab />}
    </>
  );
}

/** Every scan attempt, with filters in the URL and an export of the current filter. */
function ScanList() {
  const products = useProductChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Code or member" />,
    <SelectInput key="result" source="result" choices={choices(SCAN_RESULTS)} alwaysOn />,
    <SelectInput key="flag" source="flag" label="Flag" choices={choices(SCAN_FLAGS)} />,
    <NumberInput key="memberId" source="memberId" label="Member ID" />,
    <SelectInput key="productId" source="productId" label="SKU" choices={products} />,
    <NumberInput key="batchId" source="batchId" label="Batch" />,
    <NumberInput key="distributorId" source="distributorId" label="Distributor ID" />,
    <TextInput key="state" source="state" />,
    <DayInput key="from" source="from" label="From (IST)" parse={dayStart} format={startDay} />,
    <DayInput key="to" source="to" label="To (IST)" parse={dayEnd} format={endDay} />,
  ];
  return (
    <ListPage<ScanRow>
      page="/dashboard/QrScanHistories"
      title={false}
      resource={resourceOf(couponScanEndpoints.list)}
      exportName="qr-scan-history"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No scans yet. Every scan attempt from the member app appears here."
      compact={{
        primary: (r) => `${r.code} · ${r.result.replace(/_/g, ' ')}`,
        secondary: (r) => `${r.memberCode ?? r.memberId} ${r.memberName ?? ''}`,
        tertiary: (r) => `${formatDateTime(r.createdAt)}${r.points ? ` · ${formatCount(r.points)} pts` : ''}`,
      }}
      columns={[
        <DateTimeField key="at" source="createdAt" label="When" />,
        <FunctionField
          key="member"
          label="Member"
          render={(r: ScanRow) => `${r.memberCode ?? r.memberId} ${r.memberName ?? ''}`}
        />,
        <TextField key="code" source="code" sortable={false} />,
        <TextField key="serial" source="couponSerial" label="Serial" sortable={false} emptyText="—" />,
        <TextField key="sku" source="sku" label="SKU" sortable={false} emptyText="—" />,
        <TextField key="dist" source="distributorName" label="Distributor" sortable={false} emptyText="—" />,
        <FunctionField
          key="result"
          label="Result"
          render={(r: ScanRow) => (
            <Chip
              size="small"
              label={r.result.replace(/_/g, ' ')}
              color={r.result === 'success' ? 'success' : 'default'}
            />
          )}
        />,
        <CountField key="pts" source="points" sortable={false} emptyText="—" />,
        <FunctionField
          key="flags"
          label="Flags"
          render={(r: ScanRow) => (
            <Stack direction="row" spacing={0.5}>
              {r.flags.map((f) => (
                <Chip key={f} size="small" color="warning" label={f.replace(/_/g, ' ')} />
              ))}
            </Stack>
          )}
        />,
        <TextField key="state" source="state" label="State (app)" sortable={false} emptyText="—" />,
        <TextField
          key="geoState"
          source="geoState"
          label="State (location)"
          sortable={false}
          emptyText="—"
        />,
      ]}
    />
  );
}
