import type { SkuPointsRow } from '@app/contract/scheme-points';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Datagrid, FunctionField, List, SearchInput, TextField, useRecordContext } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';
import { PointsChangeDialog } from './PointsChangeDialog';
import { PointsUploadDialog } from './PointsUploadDialog';

function EditPointsButton({ onEdit }: { onEdit: (row: SkuPointsRow) => void }) {
  const row = useRecordContext<SkuPointsRow>();
  return row ? <Button label="Edit points" onClick={() => onEdit(row)} startIcon={<EditIcon />} /> : null;
}

/** Update Scheme Points: each SKU's points in force, edits from a chosen day (one or by upload), every change. */
export default function UpdateSchemePointsPage() {
  const [editing, setEditing] = useState<SkuPointsRow | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Update Scheme Points
        </Typography>
        <Button
          label="Upload spreadsheet"
          variant="outlined"
          onClick={() => setUploading(true)}
          startIcon={<UploadFileIcon />}
        />
      </Stack>
      <List
        resource="admin/scheme-points"
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name or SKU" />]}
        sort={{ field: 'sku', order: 'ASC' }}
        title={false}
        empty={false}
        storeKey={false}
        disableSyncWithLocation
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="sku" label="SKU" />
          <TextField source="name" />
          <TextField source="category" />
          <CountField source="currentPoints" label="Points now" sortable={false} />
          <FunctionField<SkuPointsRow>
            label="Next change"
            render={(r) => (r.nextPoints === null ? '—' : `${r.nextPoints} points`)}
          />
          <DateTimeField source="nextEffectiveFrom" label="From" sortable={false} />
          <EditPointsButton onEdit={setEditing} />
        </Datagrid>
      </List>
      {editing && <PointsChangeDialog sku={editing} onClose={() => setEditing(null)} />}
      {uploading && <PointsUploadDialog onClose={() => setUploading(false)} />}
      <Typography variant="h6" sx={{ mt: 3 }}>
        History of changes
      </Typography>
      <List
        resource="admin/scheme-points/history"
        sort={{ field: 'id', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name or SKU" />]}
        title={false}
        empty={false}
        storeKey="scheme-points-history"
        disableSyncWithLocation
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="sku" label="SKU" sortable={false} />
          <TextField source="productName" label="Product" sortable={false} />
          <CountField source="points" sortable={false} />
          <DateTimeField source="effectiveFrom" label="Effective from" />
          <TextField source="reason" sortable={false} />
          <TextField source="createdByName" label="Changed by" sortable={false} />
          <DateTimeField source="createdAt" label="Changed on" />
        </Datagrid>
      </List>
    </>
  );
}
