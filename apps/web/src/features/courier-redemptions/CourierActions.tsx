import { type CourierRow, courierEndpoints } from '@app/contract/courier-redemptions';
import { actionOf, type EndpointBody } from '@app/contract/endpoint';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { Button } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { reasonField } from '../../components/ConfirmDialog';
import { useRowAction } from '../../components/use-row-action';
import { ShippingDialog } from './ShippingDialog';

const e = courierEndpoints;

/** The row's next step: dispatch an approved gift; delivered or returned for a dispatched one. */
export function CourierActions({ row }: { row: CourierRow }) {
  const params = { id: row.id };
  const { can } = useProfile();
  const [open, setOpen] = useState<'dispatch' | 'delivered' | null>(null);
  const returned = useRowAction({
    action: actionOf(e.returned),
    title: `Mark redemption #${row.id} returned?`,
    text: 'The parcel came back: the member gets the points back.',
    verb: 'Mark returned',
    destructive: true,
    fields: [reasonField(true)],
    run: (v) => call(e.returned, { params, body: { reason: v.reason as string } }),
    done: () => `Redemption #${row.id} returned; points refunded`,
  });
  if (!can(actionOf(e.dispatch))) return null;
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
          send={(body) => call(e.dispatch, { params, body: body as EndpointBody<typeof e.dispatch> })}
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
          send={(body) => call(e.delivered, { params, body: body as EndpointBody<typeof e.delivered> })}
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
