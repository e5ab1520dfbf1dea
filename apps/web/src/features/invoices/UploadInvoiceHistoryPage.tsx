import { endpointPath } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { invoiceUploadsEndpoints } from '@app/contract/invoices';
import { SelectInput, TextField, useRecordContext } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';
import { UploadErrors } from '../../components/UploadErrors';
import { UPLOADS_RESOURCE } from './invoice-paths';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'applied', name: 'Applied' },
      { id: 'has_errors', name: 'Has errors' },
      { id: 'partially_applied', name: 'Partially applied' },
    ]}
  />,
];

function RowErrors() {
  const record = useRecordContext();
  return <UploadErrors errors={record?.errors ?? []} />;
}

/** Upload Invoice History: each upload with who, when, counts, error report and original file. */
export default function UploadInvoiceHistoryPage() {
  return (
    <ListPage
      page="/dashboard/upload-invoice-history"
      resource={UPLOADS_RESOURCE}
      exportName="invoice-uploads"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No invoice spreadsheets uploaded yet. Uploads made on the Invoice page appear here."
      rowClick="expand"
      expand={<RowErrors />}
      isRowExpandable={(r) => r.errors.length > 0}
      compact={{
        primary: (r) => `#${r.id} · ${r.fileName}`,
        secondary: (r) =>
          `${r.status} · ${formatCount(r.rowsApplied)} of ${formatCount(r.rowsTotal)} rows applied · ${formatCount(r.rowsFailed)} failed`,
        tertiary: (r) => `${r.createdByName ?? ''} · ${formatDateTime(r.createdAt)}`,
      }}
      rowActions={() => downloads}
      columns={[
        <TextField key="id" source="id" />,
        <TextField key="file" source="fileName" label="File" sortable={false} />,
        <StatusChip key="status" label="Status" />,
        <CountField key="rows" source="rowsTotal" label="Rows" sortable={false} />,
        <CountField key="ok" source="rowsApplied" label="Applied" sortable={false} />,
        <CountField key="bad" source="rowsFailed" label="Failed" sortable={false} />,
        <CountField key="inv" source="invoicesCreated" label="Invoices" sortable={false} />,
        <TextField key="by" source="createdByName" label="By" sortable={false} emptyText="—" />,
        <DateTimeField key="at" source="createdAt" label="When" />,
      ]}
    />
  );
}

const downloads = (
  <>
    <DownloadButton
      label="Errors"
      path={(r) =>
        r.hasErrorReport ? endpointPath(invoiceUploadsEndpoints.errors, { id: String(r.id) }) : null
      }
      fileName={(r) => `upload-${r.id}-errors.xlsx`}
    />
    <DownloadButton
      label="Original"
      path={(r) =>
        r.hasOriginal ? endpointPath(invoiceUploadsEndpoints.original, { id: String(r.id) }) : null
      }
      fileName={(r) => String(r.fileName)}
    />
  </>
);
