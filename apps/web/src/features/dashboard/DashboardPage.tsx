import type { DashboardCard, DashboardResponse } from '@app/contract/dashboard';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { KpiCards } from './KpiCards';
import { SeriesChart } from './SeriesChart';

const QUICK_RANGES = [7, 30, 90];
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

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
        <TextField
          label="From"
          type="date"
          size="small"
          fullWidth={false}
          sx={{ width: 190 }}
          value={from ?? data?.from ?? ''}
          onChange={(e) => setRange({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          fullWidth={false}
          sx={{ width: 190 }}
          value={to ?? data?.to ?? ''}
          onChange={(e) => setRange({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {QUICK_RANGES.map((days) => (
          <Button
            key={days}
            size="small"
            onClick={() => setRange({ from: daysBefore(istToday(), days - 1), to: istToday() })}
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
