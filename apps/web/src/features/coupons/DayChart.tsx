import { Box, Stack, Typography, useTheme } from '@mui/material';

const WIDTH = 760;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };

export interface DaySeries {
  key: string;
  label: string;
  colour: string;
}

/** Several daily series as lines in plain SVG (no chart library, nothing from a CDN). */
export function DayChart({ days, series }: { days: Record<string, number | string>[]; series: DaySeries[] }) {
  const theme = useTheme();
  const max = Math.max(1, ...days.flatMap((d) => series.map((s) => Number(d[s.key] ?? 0))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Coupons per day"
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
        <text
          x={PAD.left - 6}
          y={y(max) + 4}
          textAnchor="end"
          fontSize="11"
          fill={theme.palette.text.secondary}
        >
          {max.toLocaleString('en-IN')}
        </text>
        <text
          x={PAD.left - 6}
          y={y(0) + 4}
          textAnchor="end"
          fontSize="11"
          fill={theme.palette.text.secondary}
        >
          0
        </text>
        {series.map((s) => (
          <polyline
            key={s.key}
            fill="none"
            stroke={s.colour}
            strokeWidth={2}
            points={days.map((d, i) => `${x(i)},${y(Number(d[s.key] ?? 0))}`).join(' ')}
          >
            <title>{s.label}</title>
          </polyline>
        ))}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text
              key={String(d.day)}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize="10"
              fill={theme.palette.text.secondary}
            >
              {String(d.day).slice(5)}
            </text>
          ) : null,
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {series.map((s) => (
          <Typography key={s.key} variant="caption" sx={{ color: s.colour }}>
            ■ {s.label}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

/** Parts of a whole as one horizontal stacked bar with a legend. */
export function StackedBar({ parts }: { parts: { label: string; value: number; colour: string }[] }) {
  const total = parts.reduce((n, p) => n + p.value, 0) || 1;
  let offset = 0;
  return (
    <Box>
      <Box
        component="svg"
        viewBox="0 0 1000 36"
        role="img"
        aria-label="Coupons by state"
        sx={{ width: '100%', height: 36, display: 'block' }}
        preserveAspectRatio="none"
      >
        {parts.map((p) => {
          const w = (p.value / total) * 1000;
          const rect = (
            <rect key={p.label} x={offset} y={0} width={w} height={36} fill={p.colour}>
              <title>{`${p.label}: ${p.value.toLocaleString('en-IN')}`}</title>
            </rect>
          );
          offset += w;
          return rect;
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {parts.map((p) => (
          <Typography key={p.label} variant="caption" sx={{ color: p.colour }}>
            ■ {p.label} {p.value.toLocaleString('en-IN')}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}
