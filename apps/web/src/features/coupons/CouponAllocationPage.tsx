import type { AllocatableLine } from '@app/contract/coupon-allocations';
import { Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Button,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useRefresh,
} from 'react-admin';
import { api } from '../../app/api';
import { CountField, DayField } from '../../components/fields';
import { ActionDialog } from './ActionDialog';
import { useProductChoices } from './use-options';

const MODES = [
  { id: 'range', name: 'Serial range' },
  { id: 'next', name: 'Next N in stock (oldest first)' },
];

function AllocateButton({ line }: { line: AllocatableLine }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const submit = async (v: Record<string, unknown>) => {
    const body =
      v.mode === 'next'
        ? { invoiceLineId: line.id, mode: 'next', quantity: v.quantity }
        : { invoiceLineId: line.id, mode: 'range', fromSerial: v.fromSerial, toSerial: v.toSerial };
    const res = await api<{ quantity: number }>('/admin/coupon-allocations', { method: 'POST', body });
    notify(`${res.quantity} coupons allocated and activated`, { type: 'success' });
    refresh();
  };
  return (
    <>
      <Button
        label="Allocate"
        disabled={line.remaining === 0}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      />
      {open && (
        <ActionDialog
          title={`Allocate to ${line.invoiceNumber} · ${line.sku} (${line.remaining} remaining, ${line.inStock} in stock)`}
          submitLabel="Allocate"
          initial={{ mode: 'range' }}
          fields={[
            { name: 'mode', label: 'How', type: 'select', choices: MODES },
            { name: 'fromSerial', label: 'From serial', type: 'number', when: (v) => v.mode === 'range' },
            { name: 'toSerial', label: 'To serial', type: 'number', when: (v) => v.mode === 'range' },
            { name: 'quantity', label: 'Quantity', type: 'number', when: (v) => v.mode === 'next' },
          ]}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        />
      )}
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
    <>
      <Typography variant="h5" component="h1">
        Coupon Allocation
      </Typography>
      <List
        resource="admin/coupon-allocations/lines"
        title={false}
        filters={filters}
        filterDefaultValues={{ open: true }}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="invoiceNumber" label="Invoice" sortable={false} />
          <DayField source="invoiceDate" label="Date" />
          <TextField source="distributorName" label="Distributor" sortable={false} />
          <FunctionField label="SKU" render={(l: AllocatableLine) => `${l.sku} — ${l.productName}`} />
          <CountField source="quantity" sortable={false} />
          <CountField source="allocated" sortable={false} />
          <CountField source="remaining" sortable={false} />
          <CountField source="inStock" label="In stock" sortable={false} />
          <FunctionField label="" render={(l: AllocatableLine) => <AllocateButton line={l} />} />
        </Datagrid>
      </List>
    </>
  );
}
