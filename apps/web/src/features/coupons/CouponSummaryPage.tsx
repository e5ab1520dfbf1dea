import { type CouponSummary, couponStockEndpoints } from '@app/contract/coupon-stock';
import { formatCount } from '@app/contract/format';
import {
  Alert,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../app/api';
import { DayChart } from '../../components/DayChart';
import { DayPicker } from '../../components/DayPicker';
import { percent, STATE_COLOURS, STATE_LABELS, stateParts } from '../../components/state-colours';
import { StackedBar } from './StackedBar';

const n = formatCount;

/** Coupons Dashboard Summary: totals by state, per SKU and distributor, scan rate, charts over time. */
export default function CouponSummaryPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const [data, setData] = useState<CouponSummary | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call(couponStockEndpoints.summary, { query: { from, to } })
      .then((d) => {
        setData(d);
        setError('');
      })
      .catch((e: Error) => setError(e.message));
  }, [from, to]);
  const setDate = (key: string) => (day: string) => {
    const next = new URLSearchParams(params);
    if (day) next.set(key, day);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Coupons Dashboard Summary
      </Typography>
      <Stack direction="row" spacing={2}>
        <DayPicker label="From" value={from ?? data?.from ?? ''} onChange={setDate('from')} />
        <DayPicker label="To" value={to ?? data?.to ?? ''} onChange={setDate('to')} />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <>
          <Grid container spacing={2}>
            {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((k) => (
              <Grid key={k} size={{ xs: 6, md: 2 }}>
                <Card sx={{ borderTop: `4px solid ${STATE_COLOURS[k]}` }}>
                  <CardContent>
                    <Typography variant="caption">{STATE_LABELS[k]}</Typography>
                    <Typography variant="h6">{n(data.totals[k])}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          <Typography>Scan rate of allocated stock: {percent(data.scanRate)}</Typography>
          <StackedBar parts={stateParts(data.totals)} />
          <Typography variant="h6" component="h2">
            Per day
          </Typography>
          <DayChart
            title="Coupons per day"
            days={data.days.map((d) => d.day)}
            series={(
              [
                ['generated', 'Generated', STATE_COLOURS.generated],
                ['allocated', 'Allocated', STATE_COLOURS.active],
                ['scanned', 'Scanned', STATE_COLOURS.scanned],
                ['damaged', 'Damaged', STATE_COLOURS.damaged],
              ] as const
            ).map(([key, label, color]) => ({
              label,
              color,
              values: data.days.map((d) => Number(d[key] ?? 0)),
            }))}
          />
          <Typography variant="h6" component="h2">
            Per SKU
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>SKU</TableCell>
                {Object.values(STATE_LABELS).map((l) => (
                  <TableCell key={l} align="right">
                    {l}
                  </TableCell>
                ))}
                <TableCell align="right">Scan rate</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.perSku.map((s) => (
                <TableRow key={s.productId}>
                  <TableCell>
                    {s.sku} — {s.productName}
                  </TableCell>
                  {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((k) => (
                    <TableCell key={k} align="right">
                      {n(s.counts[k])}
                    </TableCell>
                  ))}
                  <TableCell align="right">{percent(s.scanRate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="h6" component="h2">
            Per distributor
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Distributor</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">Allocated (live + scanned)</TableCell>
                <TableCell align="right">Scanned</TableCell>
                <TableCell align="right">Scan rate</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.perDistributor.map((d) => (
                <TableRow key={d.distributorId}>
                  <TableCell>
                    {d.code} — {d.name}
                  </TableCell>
                  <TableCell>{d.state}</TableCell>
                  <TableCell align="right">{n(d.allocated)}</TableCell>
                  <TableCell align="right">{n(d.scanned)}</TableCell>
                  <TableCell align="right">{percent(d.scanRate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
}
