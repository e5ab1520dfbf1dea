import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  BULK_VOUCHERS_PAGE,
  giftVouchersEndpoints,
  type VoucherRow,
  type VoucherUploadRow,
} from '@app/contract/gift-vouchers';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, TextField, useRefresh } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { FilterRetireButtons, SelectedRetireButtons } from './BulkRetireButtons';
import { VoucherUploadDialog } from './VoucherUploadDialog';
import { expiryAndStatus, useVoucherFilters, voucherColumns, voucherCompact } from './voucher-fields';

const e = giftVouchersEndpoints;
const STOCK = resourceOf(e.bulk.list);

/** Update Bulk Coupon: upload a supplier's codes, and void or expire vouchers in bulk. */
export default function BulkCouponPage() {
  const { can } = useProfile();
  const refresh = useRefresh();
  const [uploading, setUploading] = useState(false);
  const filters = useVoucherFilters();
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {pageTitle(BULK_VOUCHERS_PAGE)}
        </Typography>
        {can(actionOf(e.upload.upload)) && (
          <Button
            label="Upload vouchers"
            variant="contained"
            onClick={() => setUploading(true)}
            startIcon={<UploadFileIcon />}
          />
        )}
      </Stack>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Void or expire
      </Typography>
      <ListPage<VoucherRow>
        title={false}
        resource={STOCK}
        exportName="gift-vouchers"
        storeKey="bulk-vouchers"
        filters={filters}
        filterDefaultValues={{ status: 'available' }}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No vouchers match. Upload a supplier's codes to add stock."
        compact={voucherCompact}
        actions={<FilterRetireButtons />}
        bulkActions={can(actionOf(e.retire)) ? <SelectedRetireButtons resource={STOCK} /> : false}
        columns={[
          <TextField key="id" source="id" label="#" />,
          ...voucherColumns,
          ...expiryAndStatus,
          <TextField key="uploadId" source="uploadId" label="Upload" sortable={false} emptyText="—" />,
          <TextField
            key="statusReason"
            source="statusReason"
            label="Reason"
            sortable={false}
            emptyText="—"
          />,
        ]}
      />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
        Uploads
      </Typography>
      <ListPage<VoucherUploadRow>
        title={false}
        resource={resourceOf(e.uploads.list)}
        exportName="gift-voucher-uploads"
        storeKey="voucher-uploads"
        disableSyncWithLocation
        perPage={10}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No uploads yet."
        compact={{
          primary: (r) => r.fileName,
          secondary: (r) => `${formatCount(r.rowsApplied)} vouchers added`,
          tertiary: (r) => `${r.uploadedByName ?? ''} · ${formatDateTime(r.createdAt)}`,
        }}
        columns={[
          <TextField key="id" source="id" label="Upload" />,
          <TextField key="fileName" source="fileName" label="File" sortable={false} />,
          <CountField key="rowsApplied" source="rowsApplied" label="Vouchers added" sortable={false} />,
          <FunctionField<VoucherUploadRow>
            key="by"
            label="Uploaded by"
            render={(r) => r.uploadedByName ?? '—'}
          />,
          <DateTimeField key="createdAt" source="createdAt" label="Uploaded" sortable={false} />,
        ]}
      />
      {uploading && <VoucherUploadDialog onClose={() => setUploading(false)} onApplied={refresh} />}
    </>
  );
}
