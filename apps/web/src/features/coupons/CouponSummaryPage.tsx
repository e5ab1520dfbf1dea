import { type CouponSummary, couponStockEndpoints } from '@app/contract/coupon-stock';
import { formatCount } from '@app/contract/format';
import {
  Box,
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
import { call } from '../../app/api';
import { DayChart } from '../../components/DayChart';
import { DayPicker } from '../../components/DayPicker';
import { LoadError } from '../../components/list/ListStates';
import { percent, STATE_COLOURS, STATE_LABELS, stateParts } from '../../components/state-colours';
import { useDayRange } from '../../components/use-day-range';
import { StackedBar } from './StackedBar';

const n = formatCount;

/** Coupons Dashboard Summary: totals by state, per SKU and distributor, scan rate, charts over time. */
export default function CouponSummaryPage() {
  const { from, to, setRange } = useDayRange(30);
  const [data, setData] = useState<CouponSummary | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's reload.
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    call(couponStockEndpoints.summary, { query: { from, to }, signal: controller.signal })
      .then(setData)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setData(null);
          setError(e ?? new Error('Could not load the summary'));
        }
      });
    return () => controller.abort();
  }, [from, to, attempt]);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Coupons Dashboard Summary
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DayPicker label="From" value={from} max={to} onChange={(day) => setRange({ from: day })} />
        <DayPicker label="To" value={to} min={from} onChange={(day) => setRange({ to: day })} />
      </Stack>
      {error ? (
        <LoadError subject="The summary" error={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
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
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
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
          </Box>
          <Typography variant="h6" component="h2">
            Per distributor
          </Typography>
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
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
          </Box>
        </>
      )}
    </Stack>
  );
}
