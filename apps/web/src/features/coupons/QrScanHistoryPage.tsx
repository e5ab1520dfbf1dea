import { SCAN_FLAGS, SCAN_RESULTS, type ScanRow } from '@app/contract/coupon-scans';
import { Chip, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';
import { ListExportButton } from '../../components/ListExportButton';
import { useProductChoices } from './use-options';

const choices = (list: readonly string[]) => list.map((id) => ({ id, name: id.replace(/_/g, ' ') }));

/** QR Scan History: every scan attempt, with filters in the URL and an export of the current filter. */
export default function QrScanHistoryPage() {
  const products = useProductChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Code or member" />,
    <SelectInput key="result" source="result" choices={choices(SCAN_RESULTS)} alwaysOn />,
    <SelectInput key="flag" source="flag" label="Flag" choices={choices(SCAN_FLAGS)} />,
    <NumberInput key="memberId" source="memberId" label="Member ID" />,
    <SelectInput key="productId" source="productId" label="SKU" choices={products} />,
    <NumberInput key="batchId" source="batchId" label="Batch" />,
    <NumberInput key="distributorId" source="distributorId" label="Distributor ID" />,
    <TextInput key="state" source="state" />,
    <DateTimeInput key="from" source="from" label="From" />,
    <DateTimeInput key="to" source="to" label="To" />,
  ];
  return (
    <>
      <Typography variant="h5" component="h1">
        QR Scan History
      </Typography>
      <List
        resource="admin/coupon-scans"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButton path="/admin/coupon-scans/export" fileName="qr-scan-history" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="createdAt" label="When" />
          <FunctionField
            label="Member"
            render={(r: ScanRow) => `${r.memberCode ?? r.memberId} ${r.memberName ?? ''}`}
          />
          <TextField source="code" sortable={false} />
          <TextField source="couponSerial" label="Serial" sortable={false} emptyText="—" />
          <TextField source="sku" label="SKU" sortable={false} emptyText="—" />
          <TextField source="distributorName" label="Distributor" sortable={false} emptyText="—" />
          <FunctionField
            label="Result"
            render={(r: ScanRow) => (
              <Chip
                size="small"
                label={r.result.replace(/_/g, ' ')}
                color={r.result === 'success' ? 'success' : 'default'}
              />
            )}
          />
          <CountField source="points" sortable={false} emptyText="—" />
          <FunctionField
            label="Flags"
            render={(r: ScanRow) => (
              <Stack direction="row" spacing={0.5}>
                {r.flags.map((f) => (
                  <Chip key={f} size="small" color="warning" label={f.replace(/_/g, ' ')} />
                ))}
              </Stack>
            )}
          />
          <TextField source="state" sortable={false} emptyText="—" />
        </Datagrid>
      </List>
    </>
  );
}
