import type { PrintRow } from '@app/contract/coupon-prints';
import { PRINT_LAYOUT_LABELS } from '@app/contract/coupon-prints';
import { Chip } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';
import { AutoRefresh } from './AutoRefresh';
import { DownloadButton } from './DownloadButton';
import { ProgressField } from './ProgressField';
import { StatusChip } from './StatusChip';

export const PRINTS_RESOURCE = 'admin/coupon-prints';
const rendering = (r: Record<string, unknown>) => r.status === 'rendering';

const filters = [
  <NumberInput key="batchId" source="batchId" label="Batch" alwaysOn />,
  <NumberInput key="serial" source="serial" label="Contains serial" />,
  <SelectInput
    key="layout"
    source="layout"
    choices={Object.entries(PRINT_LAYOUT_LABELS).map(([id, name]) => ({ id, name }))}
  />,
  <BooleanInput key="reprint" source="reprint" label="Reprints only" />,
];

/** Punch records: every print with its range, layout, copies, who, when; the file once rendered. */
export function PrintList() {
  return (
    <List resource={PRINTS_RESOURCE} title={false} filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <AutoRefresh busy={rendering} />
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" label="Punch" />
        <TextField source="batchId" label="Batch" emptyText="—" sortable={false} />
        <TextField source="sku" label="SKU" emptyText="—" sortable={false} />
        <FunctionField
          label="Serials"
          sortBy="fromSerial"
          render={(r: PrintRow) => `${r.fromSerial} – ${r.toSerial}`}
        />
        <FunctionField label="Layout" render={(r: PrintRow) => PRINT_LAYOUT_LABELS[r.layout]} />
        <CountField source="copies" sortable={false} />
        <ProgressField label="Labels" done="done" total="total" busy={rendering} />
        <FunctionField
          label="Print"
          render={(r: PrintRow) => (
            <Chip
              size="small"
              label={r.reprint ? 'Reprint' : 'First print'}
              color={r.reprint ? 'warning' : 'default'}
            />
          )}
        />
        <StatusChip label="Status" />
        <TextField source="createdByName" label="By" sortable={false} emptyText="—" />
        <DateTimeField source="createdAt" label="When" />
        <DownloadButton
          label="PDF"
          path={(r) => (r.status === 'ready' ? `/admin/coupon-prints/${r.id}/file` : null)}
          fileName={(r) => `punch-${r.id}-${r.layout}.pdf`}
        />
      </Datagrid>
    </List>
  );
}
