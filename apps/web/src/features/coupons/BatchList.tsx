import { type BatchRow, couponBatchesEndpoints } from '@app/contract/coupon-batches';
import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime, formatDay } from '@app/contract/format';
import { FunctionField, SelectInput, TextField } from 'react-admin';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { AutoRefresh } from './AutoRefresh';
import { BatchStatusField } from './BatchStatusField';
import { ProgressField } from './ProgressField';

export const BATCHES_RESOURCE = resourceOf(couponBatchesEndpoints.list);
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
    <ListPage<BatchRow>
      title={false}
      resource={BATCHES_RESOURCE}
      exportName="coupon-batches"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No batches generated yet. Generate QR codes for a SKU above."
      compact={{
        primary: (r) => `Batch #${r.id} · ${r.sku} · ${formatCount(r.quantity)} codes`,
        secondary: (r) => `${r.firstSerial} – ${r.lastSerial} · expires ${formatDay(r.expiresOn)}`,
        tertiary: (r) => `${r.status} · ${formatDateTime(r.createdAt)}`,
      }}
      columns={[
        <TextField key="id" source="id" label="Batch" />,
        <FunctionField key="sku" label="SKU" render={(r: BatchRow) => `${r.sku} — ${r.productName}`} />,
        <ProgressField key="qty" label="Quantity" done="done" total="quantity" busy={generating} />,
        <BatchStatusField key="status" label="Status" />,
        <FunctionField
          key="serials"
          label="Serials"
          render={(r: BatchRow) => `${r.firstSerial} – ${r.lastSerial}`}
        />,
        <DayField key="exp" source="expiresOn" label="Expires" sortable={false} />,
        <CountField key="printed" source="counts.printed" label="Printed" sortable={false} />,
        <CountField key="active" source="counts.active" label="Active" sortable={false} />,
        <CountField key="scanned" source="counts.scanned" label="Scanned" sortable={false} />,
        <TextField key="by" source="createdByName" label="By" sortable={false} emptyText="—" />,
        <DateTimeField key="at" source="createdAt" label="Created" />,
      ]}
    >
      <AutoRefresh busy={generating} />
    </ListPage>
  );
}
