import type { DashboardSeries } from '@app/contract/dashboard';
import { Box, useTheme } from '@mui/material';

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** A daily series as a bar chart in plain SVG (no chart library): one bar a day, labelled axes. */
export function SeriesChart({ series }: { series: DashboardSeries }) {
  const theme = useTheme();
  const points = series.points;
  const max = Math.max(1, ...points.map((p) => p.value));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, points.length);
  const barW = Math.max(1, step * 0.7);
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${series.label}: ${points.reduce((s, p) => s + p.value, 0)} in total`}
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
        {max}
      </text>
      <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
        0
      </text>
      {points.map((p, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        return (
          <g key={p.date}>
            <rect
              x={x}
              y={y(p.value)}
              width={barW}
              height={y(0) - y(p.value)}
              fill={theme.palette.primary.main}
            >
              <title>{`${p.date}: ${p.value}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text
                x={x + barW / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize="10"
                fill={theme.palette.text.secondary}
              >
                {p.date.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </Box>
  );
}
