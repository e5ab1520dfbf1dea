import type { DamagedRow } from '@app/contract/damaged-coupons';
import { DAMAGE_REASON_LABELS } from '@app/contract/damaged-coupons';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  useNotify,
  useRefresh,
} from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { CountField, DateTimeField } from '../../components/fields';
import { ActionDialog } from './ActionDialog';
import { DamagedReportForm } from './DamagedReportForm';
import { DownloadButton } from './DownloadButton';
import { StatusChip } from './StatusChip';

function Decide({ row }: { row: DamagedRow }) {
  const { profile } = useProfile();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  if (row.status !== 'pending') return null;
  // The server refuses the reporter too; hiding the buttons only saves a pointless click.
  if (profile && profile.id === row.reportedBy)
    return <Typography variant="caption">Awaiting another person</Typography>;
  const submit = async (v: Record<string, unknown>) => {
    const body =
      open === 'approve' ? { note: v.note || null, replace: Boolean(v.replace) } : { note: v.note ?? '' };
    const res = await api<DamagedRow>(`/admin/damaged-coupons/${row.id}/${open}`, { method: 'POST', body });
    notify(
      res.status === 'approved' ? `Approved: ${res.voided} voided, ${res.replaced} replaced` : 'Rejected',
      { type: 'success' },
    );
    refresh();
  };
  return (
    <Stack direction="row">
      <Button label="Approve" onClick={() => setOpen('approve')} />
      <Button label="Reject" color="error" onClick={() => setOpen('reject')} />
      {open && (
        <ActionDialog
          title={`${open === 'approve' ? 'Approve' : 'Reject'} report #${row.id} (${row.quantity} coupons)`}
          submitLabel={open === 'approve' ? 'Approve and void' : 'Reject'}
          fields={[
            ...(open === 'approve'
              ? [
                  {
                    name: 'replace',
                    label: 'Issue replacement coupons (allocated to the same invoice line)',
                    type: 'switch' as const,
                  },
                ]
              : []),
            {
              name: 'note',
              label: open === 'approve' ? 'Note (optional)' : 'Why is it rejected?',
              multiline: true,
            },
          ]}
          onSubmit={submit}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

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
        Damaged Coupons
      </Typography>
      <DamagedReportForm />
      <List
        resource="admin/damaged-coupons"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" label="Report" />
          <TextField source="mode" sortable={false} />
          <FunctionField label="Reason" render={(r: DamagedRow) => DAMAGE_REASON_LABELS[r.reason]} />
          <FunctionField
            label="Serials"
            render={(r: DamagedRow) =>
              r.fromSerial === r.toSerial ? r.fromSerial : `${r.fromSerial} – ${r.toSerial}`
            }
          />
          <CountField source="quantity" sortable={false} />
          <StatusChip label="Status" />
          <TextField source="reportedByName" label="Reported by" sortable={false} />
          <DateTimeField source="createdAt" label="When" />
          <TextField source="decidedByName" label="Decided by" sortable={false} emptyText="—" />
          <FunctionField
            label="Voided / replaced"
            render={(r: DamagedRow) => (r.status === 'approved' ? `${r.voided} / ${r.replaced}` : '—')}
          />
          <DownloadButton
            label="Photo"
            path={(r) => (r.photoFileId ? `/admin/damaged-coupons/${r.id}/photo` : null)}
            fileName={(r) => `damaged-${r.id}-photo`}
          />
          <FunctionField label="" render={(r: DamagedRow) => <Decide row={r} />} />
        </Datagrid>
      </List>
    </>
  );
}
