import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { type SkuPointsRow, schemePointsEndpoints } from '@app/contract/scheme-points';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, SearchInput, TextField } from 'react-admin';
import { ActionButton } from '../../components/ActionButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { PointsChangeDialog } from './PointsChangeDialog';
import { PointsUploadDialog } from './PointsUploadDialog';

/** Update Scheme Points: each SKU's points in force, edits from a chosen day (one or by upload), every change. */
export default function UpdateSchemePointsPage() {
  const [editing, setEditing] = useState<SkuPointsRow | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {pageTitle('/dashboard/updateSchemePoints')}
        </Typography>
        <ActionButton
          permission={actionOf(schemePointsEndpoints.upload.upload)}
          label="Upload spreadsheet"
          variant="outlined"
          onClick={() => setUploading(true)}
          startIcon={<UploadFileIcon />}
        />
      </Stack>
      <ListPage<SkuPointsRow>
        title={false}
        resource={resourceOf(schemePointsEndpoints.list)}
        exportName="scheme-points"
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name or SKU" />]}
        sort={{ field: 'sku', order: 'ASC' }}
        storeKey="scheme-points"
        disableSyncWithLocation
        empty="No SKUs yet. Products added in the catalogue appear here."
        compact={{
          primary: (r) => `${r.sku} · ${r.name}`,
          secondary: (r) => `${formatCount(r.currentPoints)} points now`,
          tertiary: (r) =>
            r.nextPoints === null
              ? ''
              : `${formatCount(r.nextPoints)} points from ${formatDateTime(r.nextEffectiveFrom)}`,
        }}
        rowActions={(r) => (
          <Button label="Edit points" onClick={() => setEditing(r)} startIcon={<EditIcon />} />
        )}
        columns={[
          <TextField key="sku" source="sku" label="SKU" />,
          <TextField key="name" source="name" />,
          <TextField key="cat" source="category" />,
          <CountField key="now" source="currentPoints" label="Points now" sortable={false} />,
          <FunctionField<SkuPointsRow>
            key="next"
            label="Next change"
            render={(r) => (r.nextPoints === null ? '—' : `${formatCount(r.nextPoints)} points`)}
          />,
          <DateTimeField key="from" source="nextEffectiveFrom" label="From" sortable={false} />,
        ]}
      />
      {editing && <PointsChangeDialog sku={editing} onClose={() => setEditing(null)} />}
      {uploading && <PointsUploadDialog onClose={() => setUploading(false)} />}
      <Typography variant="h6" sx={{ mt: 3 }}>
        History of changes
      </Typography>
      <ListPage
        title={false}
        resource={resourceOf(schemePointsEndpoints.history.list)}
        exportName="scheme-points-history"
        sort={{ field: 'id', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name or SKU" />]}
        storeKey="scheme-points-history"
        disableSyncWithLocation
        empty="No points changes yet."
        compact={{
          primary: (r) => `${r.sku} · ${formatCount(r.points)} points`,
          secondary: (r) => `From ${formatDateTime(r.effectiveFrom)} · ${r.reason ?? ''}`,
          tertiary: (r) => `${r.createdByName} · ${formatDateTime(r.createdAt)}`,
        }}
        columns={[
          <TextField key="sku" source="sku" label="SKU" sortable={false} />,
          <TextField key="prod" source="productName" label="Product" sortable={false} />,
          <CountField key="pts" source="points" sortable={false} />,
          <DateTimeField key="eff" source="effectiveFrom" label="Effective from" />,
          <TextField key="reason" source="reason" sortable={false} />,
          <TextField key="by" source="createdByName" label="Changed by" sortable={false} />,
          <DateTimeField key="at" source="createdAt" label="Changed on" />,
        ]}
      />
    </>
  );
}
