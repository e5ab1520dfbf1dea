import type { BatchRow } from '@app/contract/coupon-batches';
import { Datagrid, FunctionField, List, SelectInput, TextField } from 'react-admin';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { AutoRefresh } from './AutoRefresh';
import { ProgressField } from './ProgressField';
import { StatusChip } from './StatusChip';

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
        <StatusChip label="Status" />
        <FunctionField label="Serials" render={(r: BatchRow) => `${r.firstSerial} – ${r.lastSerial}`} />
        <DayField source="expiresOn" label="Expires" sortable={false} />
        <CountField source="counts.printed" label="Printed" sortable={false} />
        <CountField source="counts.active" label="Active" sortable={false} />
        <CountField source="counts.scanned" label="Scanned" sortable={false} />
        <TextField source="createdByName" label="By" sortable={false} emptyText="—" />
        <DateTimeField source="createdAt" label="Created" />
      </Datagrid>
    </List>
  );
}
