import type { DashboardCard, DashboardResponse } from '@app/contract/dashboard';
import { shiftDay, todayIst } from '@app/contract/format';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { DayPicker } from '../../components/DayPicker';
import { KpiCards } from './KpiCards';
import { SeriesChart } from './SeriesChart';

const QUICK_RANGES = [7, 30, 90];

/**
 * /dashboard: KPI cards and daily charts of the signed-in role's areas over an IST date range
 * (kept in the URL). The server decides which cards the role sees; new areas appear without
 * changes here.
 */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const [data, setData] = useState<DashboardResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    api<DashboardResponse>('/admin/dashboard', { query: { from, to }, signal: controller.signal })
      .then(setData)
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setError(e instanceof Error ? e.message : 'Could not load the dashboard');
      });
    return () => controller.abort();
  }, [from, to]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, DashboardCard[]>();
    for (const card of data?.cards ?? []) byGroup.set(card.group, [...(byGroup.get(card.group) ?? []), card]);
    return [...byGroup];
  }, [data]);

  const setRange = (next: { from?: string; to?: string }) => {
    const merged = { from: next.from ?? data?.from, to: next.to ?? data?.to };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as Record<string, string>);
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <DayPicker
          label="From"
          value={from ?? data?.from ?? ''}
          onChange={(day) => setRange({ from: day })}
        />
        <DayPicker label="To" value={to ?? data?.to ?? ''} onChange={(day) => setRange({ to: day })} />
        {QUICK_RANGES.map((days) => (
          <Button
            key={days}
            size="small"
            onClick={() => setRange({ from: shiftDay(todayIst(), 1 - days), to: todayIst() })}
          >
            Last {days} days
          </Button>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {data && data.cards.length === 0 && data.series.length === 0 && (
        <Typography>No figures for your role's areas yet.</Typography>
      )}
      {groups.map(([group, cards]) => (
        <KpiCards key={group} group={group} cards={cards} />
      ))}
      {data?.series.map((series) => (
        <Card key={series.key} variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              <MuiLink component={Link} to={series.page} underline="hover" color="inherit">
                {series.label}
              </MuiLink>
            </Typography>
            <SeriesChart series={series} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
