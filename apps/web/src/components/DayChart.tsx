import { formatCount, formatDay } from '@app/contract/format';
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

export interface DayChartSeries {
  label: string;
  /** One value per day, in the order of `days`. */
  values: number[];
  color?: string;
}

/** `23 Nov` on the axis; the tooltip names the whole day. */
const shortDay = (day: string) => formatDay(day).replace(/ \d{4}$/, '');

/**
 * Daily figures as a chart with axes, a tooltip per day and a legend (MUI X Charts): bars for a
 * single series, steps to compare several (a day's count is one level for the day; a smoothed curve
 * would invent values between days). Days are IST calendar days `yyyy-MM-dd`. The count axis is as
 * wide as its longest label, in Indian grouping (`1,00,000`), never cut.
 */
export function DayChart({
  days,
  series,
  title,
}: {
  days: string[];
  series: DayChartSeries[];
  title: string;
}) {
  const xAxis = [
    {
      data: days,
      scaleType: series.length === 1 ? ('band' as const) : ('point' as const),
      valueFormatter: (day: string, context: { location: string }) =>
        context.location === 'tooltip' ? formatDay(day) : shortDay(day),
    },
  ];
  const yAxis = [{ valueFormatter: (v: number | null) => formatCount(v ?? 0), width: 'auto' as const }];
  const chartSeries = series.map((s) => ({
    label: s.label,
    data: s.values,
    color: s.color,
    valueFormatter: (v: number | null) => formatCount(v ?? 0),
  }));
  return (
    <Box role="figure" aria-label={title} sx={{ width: '100%', minWidth: 0 }}>
      {series.length === 1 ? (
        <BarChart height={240} xAxis={xAxis} yAxis={yAxis} series={chartSeries} />
      ) : (
        <LineChart
          height={260}
          xAxis={xAxis}
          yAxis={yAxis}
          series={chartSeries.map((s) => ({ ...s, curve: 'step' as const, showMark: days.length <= 31 }))}
        />
      )}
    </Box>
  );
}
