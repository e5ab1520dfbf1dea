import type { BatchRow } from '@app/contract/coupon-batches';
import { Datagrid, DateField, FunctionField, List, NumberField, SelectInput, TextField } from 'react-admin';
import { IstDateField } from '../../components/IstDateField';
import { AutoRefresh } from './AutoRefresh';
import { BatchStatusField } from './BatchStatusField';
import { ProgressField } from './ProgressField';

export const BATCHES_RESOURCE = 'admin/coupon-batches';
const generating = (r: Record<string, unknown>) => r.status === 'generating';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'generating', name: 'Generating' },
      { id: 'ready', name: 'Ready' },
      { id: 'failed', name: 'Failed' },
    ]}
  />,
];

/** Batches with live progress while they generate, their serial range and counts by state. */
export function BatchList() {
  return (
    <List resource={BATCHES_RESOURCE} title={false} filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <AutoRefresh busy={generating} />
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" label="Batch" />
        <FunctionField label="SKU" render={(r: BatchRow) => `${r.sku} — ${r.productName}`} />
        <ProgressField label="Quantity" done="done" total="quantity" busy={generating} />
        <BatchStatusField label="Status" />
        <FunctionField label="Serials" render={(r: BatchRow) => `${r.firstSerial} – ${r.lastSerial}`} />
        <DateField source="expiresOn" label="Expires" sortable={false} />
        <NumberField source="counts.printed" label="Printed" sortable={false} />
        <NumberField source="counts.active" label="Active" sortable={false} />
        <NumberField source="counts.scanned" label="Scanned" sortable={false} />
        <TextField source="createdByName" label="By" sortable={false} emptyText="—" />
        <IstDateField source="createdAt" label="Created" />
      </Datagrid>
    </List>
  );
}
