import { couponPrintsEndpoints, PRINT_LAYOUT_LABELS, type PrintRow } from '@app/contract/coupon-prints';
import { endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { Chip } from '@mui/material';
import { BooleanInput, FunctionField, NumberInput, SelectInput, TextField } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';
import { AutoRefresh } from './AutoRefresh';
import { ProgressField } from './ProgressField';

export const PRINTS_RESOURCE = resourceOf(couponPrintsEndpoints.list);
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
    <ListPage<PrintRow>
      title={false}
      resource={PRINTS_RESOURCE}
      exportName="punch-history"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="Nothing printed yet. Prints made above appear here with their PDF."
      compact={{
        primary: (r) => `Punch #${r.id} · ${r.fromSerial} – ${r.toSerial}`,
        secondary: (r) => `${PRINT_LAYOUT_LABELS[r.layout]} · ${formatCount(r.copies)} copies · ${r.status}`,
        tertiary: (r) => `${r.createdByName ?? ''} · ${formatDateTime(r.createdAt)}`,
      }}
      rowActions={() => pdf}
      columns={[
        <TextField key="id" source="id" label="Punch" />,
        <TextField key="batch" source="batchId" label="Batch" emptyText="—" sortable={false} />,
        <TextField key="sku" source="sku" label="SKU" emptyText="—" sortable={false} />,
        <FunctionField
          key="serials"
          label="Serials"
          sortBy="fromSerial"
          render={(r: PrintRow) => `${r.fromSerial} – ${r.toSerial}`}
        />,
        <FunctionField key="layout" label="Layout" render={(r: PrintRow) => PRINT_LAYOUT_LABELS[r.layout]} />,
        <CountField key="copies" source="copies" sortable={false} />,
        <ProgressField<PrintRow>
          key="labels"
          label="Labels"
          done="done"
          total="total"
          count="labels"
          busy={rendering}
        />,
        <FunctionField
          key="print"
          label="Print"
          render={(r: PrintRow) => (
            <Chip
              size="small"
              label={r.reprint ? 'Reprint' : 'First print'}
              color={r.reprint ? 'warning' : 'default'}
            />
          )}
        />,
        <StatusChip key="status" label="Status" />,
        <TextField key="by" source="createdByName" label="By" sortable={false} emptyText="—" />,
        <DateTimeField key="at" source="createdAt" label="When" />,
      ]}
    >
      <AutoRefresh busy={rendering} />
    </ListPage>
  );
}

const pdf = (
  <DownloadButton
    label="PDF"
    path={(r) =>
      r.status === 'ready' ? endpointPath(couponPrintsEndpoints.file, { id: String(r.id) }) : null
    }
    fileName={(r) => `punch-${r.id}-${r.layout}.pdf`}
  />
);
