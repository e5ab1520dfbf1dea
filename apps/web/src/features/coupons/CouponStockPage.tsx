import type { SkuStock, StockRow } from '@app/contract/coupon-stock';
import { formatCount } from '@app/contract/format';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { api } from '../../app/api';
import { CountField, DayField } from '../../components/fields';
import { STATE_LABELS } from './state-colours';
import { useProductChoices } from './use-options';

type State = keyof typeof STATE_LABELS;
const STATES = Object.keys(STATE_LABELS) as State[];
const n = formatCount;

function SkuTable() {
  const [rows, setRows] = useState<SkuStock[]>([]);
  useEffect(() => {
    api<SkuStock[]>('/admin/coupon-stock/skus').then(setRows, () => setRows([]));
  }, []);
  return (
    <Table size="small" aria-label="Stock per SKU" sx={{ mb: 3 }}>
      <TableHead>
        <TableRow>
          <TableCell>SKU</TableCell>
          <TableCell align="right">Batches</TableCell>
          {STATES.map((k) => (
            <TableCell key={k} align="right">
              {STATE_LABELS[k]}
            </TableCell>
          ))}
          <TableCell align="right">Liability (points)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.productId}>
            <TableCell>
              {r.sku} — {r.productName}
            </TableCell>
            <TableCell align="right">{r.batches}</TableCell>
            {STATES.map((k) => (
              <TableCell key={k} align="right">
                {n(r.counts[k])}
              </TableCell>
            ))}
            <TableCell align="right">{n(r.liabilityPoints)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Coupon Stock Details: per SKU, then per batch; liability is active codes × the points in force. */
export default function CouponStockPage() {
  const products = useProductChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="SKU or product" />,
    <SelectInput key="productId" source="productId" label="SKU" choices={products} />,
    <BooleanInput key="expired" source="expired" label="Expired batches" />,
  ];
  return (
    <>
      <Typography variant="h5" component="h1">
        Coupon Stock Details
      </Typography>
      <SkuTable />
      <List
        resource="admin/coupon-stock"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="id" label="Batch" />
          <FunctionField label="SKU" render={(r: StockRow) => `${r.sku} — ${r.productName}`} />
          <CountField source="quantity" />
          <DayField source="expiresOn" label="Expires" />
          {STATES.map((k) => (
            <CountField
              key={k}
              source={`counts.${k}`}
              label={k === 'printed' ? 'In stock' : STATE_LABELS[k]}
              sortable={false}
            />
          ))}
          <CountField source="points" label="Points per code" sortable={false} />
          <CountField source="liabilityPoints" label="Liability (points)" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
