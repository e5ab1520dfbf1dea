import {
  type AllocatableLine,
  type AllocationCreateBody,
  couponAllocationsEndpoints,
} from '@app/contract/coupon-allocations';
import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDay } from '@app/contract/format';
import { BooleanInput, Button, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { call } from '../../app/api';
import { CountField, DayField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useProductChoices } from '../../components/use-options';
import { useRowAction } from '../../components/use-row-action';

const MODES = [
  { id: 'range', name: 'Serial range' },
  { id: 'next', name: 'Next N in stock (oldest first)' },
];

function AllocateButton({ line }: { line: AllocatableLine }) {
  const allocate = useRowAction({
    action: actionOf(couponAllocationsEndpoints.allocate),
    title: `Allocate to ${line.invoiceNumber} · ${line.sku}`,
    text: `${formatCount(line.remaining)} remaining on the line, ${formatCount(line.inStock)} in stock.`,
    verb: 'Allocate',
    initial: { mode: 'range' },
    fields: [
      { name: 'mode', label: 'How', type: 'select', choices: MODES },
      { name: 'fromSerial', label: 'From serial', type: 'number', when: (v) => v.mode === 'range' },
      { name: 'toSerial', label: 'To serial', type: 'number', when: (v) => v.mode === 'range' },
      { name: 'quantity', label: 'Quantity', type: 'number', when: (v) => v.mode === 'next' },
    ],
    run: (v) =>
      call(couponAllocationsEndpoints.allocate, {
        body: (v.mode === 'next'
          ? { invoiceLineId: line.id, mode: 'next', quantity: v.quantity }
          : {
              invoiceLineId: line.id,
              mode: 'range',
              fromSerial: v.fromSerial,
              toSerial: v.toSerial,
            }) as AllocationCreateBody,
      }),
    done: (res) => `${formatCount(res.quantity)} coupons allocated and activated`,
  });
  if (!allocate.allowed) return null;
  return (
    <>
      <Button label="Allocate" disabled={line.remaining === 0} onClick={allocate.open} />
      {allocate.dialog}
    </>
  );
}

/** Coupon Allocation: invoice lines with what remains; allocate by serial range or next N in stock. */
export default function CouponAllocationPage() {
  const products = useProductChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />,
    <SelectInput key="productId" source="productId" label="SKU" choices={products} alwaysOn />,
    <BooleanInput key="open" source="open" label="Only lines with quantity left" alwaysOn />,
  ];
  return (
    <ListPage<AllocatableLine>
      page="/dashboard/coupon-allocation"
      resource={resourceOf(couponAllocationsEndpoints.lines.list)}
      exportName="coupon-allocation"
      filters={filters}
      filterDefaultValues={{ open: true }}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No invoice lines to allocate. Lines of new invoices appear here."
      compact={{
        primary: (l) => `${l.invoiceNumber} · ${l.sku}`,
        secondary: (l) => `${l.distributorName ?? ''} · ${formatDay(l.invoiceDate)}`,
        tertiary: (l) =>
          `${formatCount(l.remaining)} of ${formatCount(l.quantity)} left · ${formatCount(l.inStock)} in stock`,
      }}
      rowActions={(l) => <AllocateButton line={l} />}
      columns={[
        <TextField key="inv" source="invoiceNumber" label="Invoice" sortable={false} />,
        <DayField key="date" source="invoiceDate" label="Date" />,
        <TextField key="dist" source="distributorName" label="Distributor" sortable={false} />,
        <FunctionField
          key="sku"
          label="SKU"
          render={(l: AllocatableLine) => `${l.sku} — ${l.productName}`}
        />,
        <CountField key="qty" source="quantity" sortable={false} />,
        <CountField key="alloc" source="allocated" sortable={false} />,
        <CountField key="rem" source="remaining" sortable={false} />,
        <CountField key="stock" source="inStock" label="In stock" sortable={false} />,
      ]}
    />
  );
}
