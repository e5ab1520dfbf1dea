import type { DamagedRow } from '@app/contract/damaged-coupons';
import { DAMAGE_REASON_LABELS, damagedCouponsEndpoints } from '@app/contract/damaged-coupons';
import { actionOf, endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { Stack, Typography } from '@mui/material';
import { Button, FunctionField, NumberInput, SelectInput, TextField } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
import { DownloadButton } from '../../components/DownloadButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';
import { useRowAction } from '../../components/use-row-action';
import { DamagedReportForm } from './DamagedReportForm';

const e = damagedCouponsEndpoints;
const DAMAGED_RESOURCE = resourceOf(e.list);

function Decide({ row }: { row: DamagedRow }) {
  const { profile } = useProfile();
  const title = `report #${row.id} (${formatCount(row.quantity)} coupons)`;
  const approve = useRowAction({
    action: actionOf(e.approve),
    title: `Approve ${title}?`,
    text: 'The coupons are voided and can no longer be scanned.',
    verb: 'Approve and void',
    destructive: true,
    fields: [
      {
        name: 'replace',
        label: 'Issue replacement coupons (allocated to the same invoice line)',
        type: 'switch',
      },
      { name: 'note', label: 'Note (optional)', multiline: true },
    ],
    run: (v) =>
      call(e.approve, {
        params: { id: row.id },
        body: { note: (v.note as string) || null, replace: Boolean(v.replace) },
      }),
    done: (res) => `Approved: ${formatCount(res.voided)} voided, ${formatCount(res.replaced)} replaced`,
  });
  const reject = useRowAction({
    action: actionOf(e.approve),
    title: `Reject ${title}?`,
    verb: 'Reject',
    destructive: true,
    fields: [{ name: 'note', label: 'Why is it rejected?', multiline: true, required: true }],
    run: (v) => call(e.reject, { params: { id: row.id }, body: { note: String(v.note ?? '') } }),
    done: () => 'Rejected',
  });
  if (row.status !== 'pending' || !approve.allowed) return null;
  // The server refuses the reporter too; hiding the buttons only saves a pointless click.
  if (profile && profile.id === row.reportedBy)
    return <Typography variant="caption">Awaiting another person</Typography>;
  return (
    <Stack direction="row">
      <Button label="Approve" color="success" onClick={approve.open} />
      <Button label="Reject" color="error" onClick={reject.open} />
      {approve.dialog}
      {reject.dialog}
    </Stack>
  );
}

const serials = (r: DamagedRow) =>
  r.fromSerial === r.toSerial ? String(r.fromSerial) : `${r.fromSerial} – ${r.toSerial}`;

const reasons = Object.entries(DAMAGE_REASON_LABELS).map(([id, name]) => ({ id, name }));
const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'pending', name: 'Pending' },
      { id: 'approved', name: 'Approved' },
      { id: 'rejected', name: 'Rejected' },
    ]}
  />,
  <SelectInput key="reason" source="reason" choices={reasons} />,
  <NumberInput key="serial" source="serial" label="Serial" />,
];

/** Damaged Coupons: report (single, range, list) with reason and photo; a second person decides. */
export default function DamagedCouponsPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle('/dashboard/damaged-coupon')}
      </Typography>
      <DamagedReportForm />
      <ListPage<DamagedRow>
        title={false}
        resource={DAMAGED_RESOURCE}
        exportName="damaged-coupons"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No damaged coupons reported yet. Reports made above appear here for a second person to decide."
        compact={{
          primary: (r) => `Report #${r.id} · ${DAMAGE_REASON_LABELS[r.reason]}`,
          secondary: (r) => `${serials(r)} · ${formatCount(r.quantity)} coupons · ${r.status}`,
          tertiary: (r) => `${r.reportedByName} · ${formatDateTime(r.createdAt)}`,
        }}
        bulkActions={
          <>
            <BulkDecisionButton
              endpoint={e.bulk.approve}
              kind="approve"
              resource={DAMAGED_RESOURCE}
              noun={['report', 'reports'] as const}
            />
            <BulkDecisionButton
              endpoint={e.bulk.reject}
              kind="reject"
              resource={DAMAGED_RESOURCE}
              noun={['report', 'reports'] as const}
            />
          </>
        }
        rowActions={(r) => <Decide row={r} />}
        columns={[
          <TextField key="id" source="id" label="Report" />,
          <TextField key="mode" source="mode" sortable={false} />,
          <FunctionField
            key="reason"
            label="Reason"
            render={(r: DamagedRow) => DAMAGE_REASON_LABELS[r.reason]}
          />,
          <FunctionField key="serials" label="Serials" render={serials} />,
          <CountField key="qty" source="quantity" sortable={false} />,
          <StatusChip key="status" label="Status" />,
          <TextField key="by" source="reportedByName" label="Reported by" sortable={false} />,
          <DateTimeField key="at" source="createdAt" label="When" />,
          <TextField key="dec" source="decidedByName" label="Decided by" sortable={false} emptyText="—" />,
          <FunctionField
            key="vr"
            label="Voided / replaced"
            render={(r: DamagedRow) => (r.status === 'approved' ? `${r.voided} / ${r.replaced}` : '—')}
          />,
          <DownloadButton
            key="photo"
            label="Photo"
            path={(r) => (r.photoFileId ? endpointPath(e.photo, { id: String(r.id) }) : null)}
            fileName={(r) => `damaged-${r.id}-photo`}
          />,
        ]}
      />
    </>
  );
}
