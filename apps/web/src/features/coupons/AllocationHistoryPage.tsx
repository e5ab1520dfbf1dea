import type { AllocationRow } from '@app/contract/coupon-allocations';
import { Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useRefresh,
} from 'react-admin';
import { api } from '../../app/api';
import { CountField, DateTimeField } from '../../components/fields';
import { ActionDialog } from './ActionDialog';
import { StatusChip } from './StatusChip';

function UndoButton({ row }: { row: AllocationRow }) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (row.status !== 'active') return null;
  const submit = async (v: Record<string, unknown>) => {
    const res = await api<AllocationRow>(`/admin/coupon-allocations/${row.id}/undo`, {
      method: 'POST',
      body: { reason: v.reason ?? '' },
    });
    notify(`Allocation undone: ${res.returned} coupons back in stock`, { type: 'success' });
    refresh();
  };
  return (
    <>
      <Button label="Undo" onClick={() => setOpen(true)} />
      {open && (
        <ActionDialog
          title={`Undo allocation #${row.id} (${row.quantity} coupons)`}
          submitLabel="Undo allocation"
          fields={[{ name: 'reason', label: 'Reason', multiline: true }]}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        />
      )}
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

/** Allocation History: who allocated what, when; undo with a reason. */
export default function AllocationHistoryPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        Allocation History
      </Typography>
      <List
        resource="admin/coupon-allocations"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" />
          <TextField source="invoiceNumber" label="Invoice" sortable={false} />
          <TextField source="distributorName" label="Distributor" sortable={false} />
          <TextField source="sku" label="SKU" sortable={false} />
          <TextField source="mode" sortable={false} />
          <FunctionField
            label="Serials"
            render={(r: AllocationRow) => (r.fromSerial ? `${r.fromSerial} – ${r.toSerial}` : '—')}
          />
          <CountField source="quantity" />
          <StatusChip label="Status" />
          <CountField source="returned" sortable={false} />
          <TextField source="undoReason" label="Undo reason" sortable={false} emptyText="—" />
          <TextField source="createdByName" label="By" sortable={false} emptyText="—" />
          <DateTimeField source="createdAt" label="When" />
          <FunctionField label="" render={(r: AllocationRow) => <UndoButton row={r} />} />
        </Datagrid>
      </List>
    </>
  );
}
