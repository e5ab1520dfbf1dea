import type { CourierRow } from '@app/contract/courier-redemptions';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';
import { ShippingDialog } from './ShippingDialog';

/** The row's next step: dispatch an approved gift; delivered or returned for a dispatched one. */
export function CourierActions({ row }: { row: CourierRow }) {
  const { can } = useProfile();
  const [open, setOpen] = useState<'dispatch' | 'delivered' | null>(null);
  const returned = useRowAction({
    action: 'courier.dispatch',
    title: `Mark redemption #${row.id} returned?`,
    text: 'The parcel came back: the member gets the points back.',
    verb: 'Mark returned',
    destructive: true,
    fields: [reasonField(true)],
    run: (v) =>
      api(`/admin/courier-redemptions/${row.id}/returned`, { method: 'POST', body: { reason: v.reason } }),
    done: () => `Redemption #${row.id} returned; points refunded`,
  });
  if (!can('courier.dispatch')) return null;
  const base = `/admin/courier-redemptions/${row.id}`;
  return (
    <Stack direction="row" onClick={(e) => e.stopPropagation()}>
      {row.status === 'approved' && <Button label="Dispatch" onClick={() => setOpen('dispatch')} />}
      {row.status === 'dispatched' && (
        <>
          <Button label="Delivered" color="success" onClick={() => setOpen('delivered')} />
          <Button label="Returned" color="error" onClick={returned.open} />
        </>
      )}
      {returned.dialog}
      {open === 'dispatch' && (
        <ShippingDialog
          title={`Dispatch redemption #${row.id}`}
          verb="Dispatch"
          path={`${base}/dispatch`}
          fields={[
            { name: 'courierCompany', label: 'Courier company' },
            { name: 'awb', label: 'AWB number' },
          ]}
          dayField="dispatchedOn"
          dayLabel="Dispatch date"
          done={`Redemption #${row.id} dispatched`}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'delivered' && (
        <ShippingDialog
          title={`Redemption #${row.id} delivered`}
          verb="Mark delivered"
          path={`${base}/delivered`}
          fields={[]}
          dayField="deliveredOn"
          dayLabel="Delivery date"
          done={`Redemption #${row.id} delivered`}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
