import { couponStockEndpoints, type SkuStock, type StockRow } from '@app/contract/coupon-stock';
import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDay } from '@app/contract/format';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { BooleanInput, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { call } from '../../app/api';
import { CountField, DayField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { STATE_LABELS } from '../../components/state-colours';
import { useProductChoices } from '../../components/use-options';

type State = keyof typeof STATE_LABELS;
const STATES = Object.keys(STATE_LABELS) as State[];
const n = formatCount;

function SkuTable() {
  const [rows, setRows] = useState<SkuStock[]>([]);
  useEffect(() => {
    call(couponStockEndpoints.skus).then(setRows, () => setRows([]));
  }, []);
  return (
    // A summary table of its own (not a list); it scrolls inside its box on a narrow screen.
    <Box sx={{ overflowX: 'auto', mb: 3 }}>
      <Table size="small" aria-label="Stock per SKU">
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell align="right">Batches</TableCell>
            {STATES.map((k) => (
              <TableCell key={k} align="right">
                {STATE_LABELS[k]}
              </TableCell>
            ))}
            <TableCell align="right">Liability at points in force</TableCell>
            <TableCell align="right">With schemes in force (at most)</TableCell>
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
              <TableCell align="right">{n(r.liabilityWithSchemesPoints)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Coupon Stock Details: per SKU, then per batch. Liability of active codes at the points in force, and
 * beside it with the schemes in force today (at most: multiplier, fixed and slab bonuses).
 */
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
        {pageTitle('/dashboard/coupon-stock-report')}
      </Typography>
      <SkuTable />
      <ListPage<StockRow>
        title={false}
        resource={resourceOf(couponStockEndpoints.list)}
        exportName="coupon-stock"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No coupon batches yet. Stock appears here once QR codes are generated."
        compact={{
          primary: (r) => `Batch #${r.id} · ${r.sku} · ${n(r.quantity)} codes`,
          secondary: (r) =>
            `${n(r.counts.printed)} in stock · ${n(r.counts.active)} active · expires ${formatDay(r.expiresOn)}`,
          tertiary: (r) =>
            `Liability ${n(r.liabilityPoints)} points · with schemes up to ${n(r.liabilityWithSchemesPoints)}`,
        }}
        columns={[
          <TextField key="id" source="id" label="Batch" />,
          <FunctionField key="sku" label="SKU" render={(r: StockRow) => `${r.sku} — ${r.productName}`} />,
          <CountField key="qty" source="quantity" />,
          <DayField key="exp" source="expiresOn" label="Expires" />,
          ...STATES.map((k) => (
            <CountField key={k} source={`counts.${k}`} label={STATE_LABELS[k]} sortable={false} />
          )),
          <CountField key="pts" source="points" label="Points per code" sortable={false} />,
          <CountField
            key="liab"
            source="liabilityPoints"
            label="Liability at points in force"
            sortable={false}
          />,
          <CountField
            key="liabSchemes"
            source="liabilityWithSchemesPoints"
            label="With schemes in force (at most)"
            sortable={false}
          />,
        ]}
      />
    </>
  );
}
