import { type AllocationRow, couponAllocationsEndpoints } from '@app/contract/coupon-allocations';
import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount } from '@app/contract/format';
import { Button, FunctionField, NumberInput, SearchInput, SelectInput, TextField } from 'react-admin';
import { call } from '../../app/api';
import { reasonField } from '../../components/ConfirmDialog';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';
import { useRowAction } from '../../components/use-row-action';

function UndoButton({ row }: { row: AllocationRow }) {
  const undo = useRowAction({
    action: actionOf(couponAllocationsEndpoints.undo),
    title: `Undo allocation #${row.id} (${formatCount(row.quantity)} coupons)?`,
    text: 'The coupons go back into stock and can be allocated again.',
    verb: 'Undo allocation',
    destructive: true,
    fields: [reasonField(false)],
    run: (v) =>
      call(couponAllocationsEndpoints.undo, {
        params: { id: row.id },
        body: { reason: String(v.reason ?? '') },
      }),
    done: (res) => `Allocation undone: ${formatCount(res.returned)} coupons back in stock`,
  });
  if (row.status !== 'active' || !undo.allowed) return null;
  return (
    <>
      <Button label="Undo" color="error" onClick={undo.open} />
      {undo.dialog}
    </>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'active', name: 'Active' },
      { id: 'undone', name: 'Undone' },
    ]}
    alwaysOn
  />,
  <SelectInput
    key="mode"
    source="mode"
    choices={[
      { id: 'range', name: 'Serial range' },
      { id: 'next', name: 'Next in stock' },
      { id: 'replacement', name: 'Replacement' },
    ]}
  />,
  <NumberInput key="serial" source="serial" label="Contains serial" />,
];

const serials = (r: AllocationRow) => (r.fromSerial ? `${r.fromSerial} – ${r.toSerial}` : '—');

/** Allocation History: who allocated what, when; undo with a reason. */
export default function AllocationHistoryPage() {
  return (
    <ListPage<AllocationRow>
      page="/dashboard/allocation-history"
      resource={resourceOf(couponAllocationsEndpoints.list)}
      exportName="allocation-history"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No allocations yet. Coupons allocated to an invoice appear here."
      compact={{
        primary: (r) => `#${r.id} · ${r.invoiceNumber ?? ''} · ${formatCount(r.quantity)} coupons`,
        secondary: (r) => `${r.distributorName ?? ''} · ${r.sku ?? ''} · ${serials(r)}`,
        tertiary: (r) => `${r.status}${r.createdByName ? ` · ${r.createdByName}` : ''}`,
      }}
      rowActions={(r) => <UndoButton row={r} />}
      columns={[
        <TextField key="id" source="id" />,
        <TextField key="inv" source="invoiceNumber" label="Invoice" sortable={false} />,
        <TextField key="dist" source="distributorName" label="Distributor" sortable={false} />,
        <TextField key="sku" source="sku" label="SKU" sortable={false} />,
        <TextField key="mode" source="mode" sortable={false} />,
        <FunctionField key="serials" label="Serials" render={serials} />,
        <CountField key="qty" source="quantity" />,
        <StatusChip key="status" label="Status" />,
        <CountField key="ret" source="returned" sortable={false} />,
        <TextField key="why" source="undoReason" label="Undo reason" sortable={false} emptyText="—" />,
        <TextField key="by" source="createdByName" label="By" sortable={false} emptyText="—" />,
        <DateTimeField key="at" source="createdAt" label="When" />,
      ]}
    />
  );
}
