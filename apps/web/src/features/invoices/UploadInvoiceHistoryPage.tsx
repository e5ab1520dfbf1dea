import { Typography } from '@mui/material';
import { Datagrid, List, SelectInput, TextField, useRecordContext } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';
import { UploadErrors } from '../../components/UploadErrors';
import { DownloadButton } from '../coupons/DownloadButton';
import { StatusChip } from '../coupons/StatusChip';
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
    <>
      <Typography variant="h5" component="h1">
        Upload Invoice History
      </Typography>
      <List resource={UPLOADS_RESOURCE} title={false} filters={filters} sort={{ field: 'id', order: 'DESC' }}>
        <Datagrid
          bulkActionButtons={false}
          rowClick="expand"
          expand={<RowErrors />}
          isRowExpandable={(r) => r.errors.length > 0}
        >
          <TextField source="id" />
          <TextField source="fileName" label="File" sortable={false} />
          <StatusChip label="Status" />
          <CountField source="rowsTotal" label="Rows" sortable={false} />
          <CountField source="rowsApplied" label="Applied" sortable={false} />
          <CountField source="rowsFailed" label="Failed" sortable={false} />
          <CountField source="invoicesCreated" label="Invoices" sortable={false} />
          <TextField source="createdByName" label="By" sortable={false} emptyText="—" />
          <DateTimeField source="createdAt" label="When" />
          <DownloadButton
            label="Errors"
            path={(r) => (r.hasErrorReport ? `/admin/invoice-uploads/${r.id}/errors` : null)}
            fileName={(r) => `upload-${r.id}-errors.xlsx`}
          />
          <DownloadButton
            label="Original"
            path={(r) => (r.hasOriginal ? `/admin/invoice-uploads/${r.id}/original` : null)}
            fileName={(r) => String(r.fileName)}
          />
        </Datagrid>
      </List>
    </>
  );
}
