import {
  type DashboardCard,
  type DashboardResponse,
  type DashboardSeries,
  dashboardEndpoints,
} from '@app/contract/dashboard';
import { shiftDay, todayInIndia } from '@app/contract/format';
import { Box, Button, Card, CardContent, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api';
import { DayChart } from '../../components/DayChart';
import { DayPicker } from '../../components/DayPicker';
import { LoadError } from '../../components/list/ListStates';
import { useDayRange } from '../../components/use-day-range';
import { KpiCards } from './KpiCards';

const QUICK_RANGES = [7, 30, 90];

/** Series sharing a chart id are drawn together ("Points issued vs Points redeemed"); others alone. */
function charts(all: DashboardSeries[]) {
  const byChart = new Map<string, DashboardSeries[]>();
  for (const s of all) byChart.set(s.chart ?? s.key, [...(byChart.get(s.chart ?? s.key) ?? []), s]);
  return [...byChart].map(([id, series]) => ({
    id,
    series,
    page: series[0]!.page,
    title: series.map((s) => s.label).join(' vs '),
  }));
}

/**
 * /dashboard: KPI cards and daily charts of the signed-in role's areas over an IST date range
 * (kept in the URL). The server decides which cards the role sees; new areas appear without
 * changes here.
 */
export default function DashboardPage() {
  const { from, to, setRange } = useDayRange(30);
  const [data, setData] = useState<DashboardResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's reload.
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    call(dashboardEndpoints.get, { query: { from, to }, signal: controller.signal })
      .then(setData)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setData(null);
          setError(e ?? new Error('Could not load the dashboard'));
        }
      });
    return () => controller.abort();
  }, [from, to, attempt]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, DashboardCard[]>();
    for (const card of data?.cards ?? []) byGroup.set(card.group, [...(byGroup.get(card.group) ?? []), card]);
    return [...byGroup];
  }, [data]);

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <DayPicker label="From" value={from} max={to} onChange={(day) => setRange({ from: day })} />
        <DayPicker label="To" value={to} min={from} onChange={(day) => setRange({ to: day })} />
        {QUICK_RANGES.map((days) => (
          <Button
            key={days}
            size="small"
            onClick={() => setRange({ from: shiftDay(todayInIndia(), 1 - days), to: todayInIndia() })}
          >
            Last {days} days
          </Button>
        ))}
      </Stack>
      {error ? (
        <LoadError subject="The dashboard" error={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!data && !error && (
        <Box aria-busy="true" aria-label="Loading the dashboard">
          <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={96} />
        </Box>
      )}
      {data && data.cards.length === 0 && data.series.length === 0 && (
        <Typography>No figures for your role's areas yet.</Typography>
      )}
      {groups.map(([group, cards]) => (
        <KpiCards key={group} group={group} cards={cards} />
      ))}
      {charts(data?.series ?? []).map(({ id, title, page, series }) => (
        <Card key={id} variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              <MuiLink component={Link} to={page} underline="hover" color="inherit">
                {title}
              </MuiLink>
            </Typography>
            <DayChart
              title={title}
              days={series[0]!.points.map((p) => p.date)}
              series={series.map((s) => ({ label: s.label, values: s.points.map((p) => p.value) }))}
            />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
