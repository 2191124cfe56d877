import { LineChart } from '@mui/x-charts/LineChart';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export interface PriceSeries {
  label: string;
  values: number[];
  color?: string;
}

export interface PriceChartProps {
  /** Plain dates 'YYYY-MM-DD', oldest first. */
  dates: string[];
  series: PriceSeries[];
  /** Formats a value for the axis and the tooltip (NAV, percent or rupiah). */
  format(value: number): string;
  /** Shorter text for the value axis (e.g. "1,7 jt"); `format` when omitted. */
  axisFormat?(value: number): string;
  lang: 'id' | 'en';
  /** Accessible name of the chart (the page says what it shows in words too). */
  label: string;
  height?: number;
}

/**
 * A price history line chart. Loaded lazily (React.lazy) by the pages that show one, so
 * @mui/x-charts stays out of every other page's bundle.
 */
export default function PriceChart({
  dates,
  series,
  format,
  axisFormat,
  lang,
  label,
  height = 260,
}: PriceChartProps) {
  const theme = useTheme();
  const x = dates.map((d) => new Date(`${d}T00:00:00Z`));
  const locale = lang === 'en' ? 'en-GB' : 'id-ID';
  const day = (d: Date, withYear: boolean) =>
    d.toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  return (
    <Box role="img" aria-label={label} data-testid="price-chart">
      <LineChart
        height={height}
        skipAnimation
        hideLegend={series.length < 2}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        xAxis={[
          {
            data: x,
            scaleType: 'time',
            valueFormatter: (d: Date, ctx) => day(d, ctx.location !== 'tick'),
            tickNumber: 4,
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => (axisFormat ?? format)(v), width: 84 }]}
        series={series.map((s, i) => ({
          data: s.values,
          label: s.label,
          showMark: false,
          color: s.color ?? (i === 0 ? theme.palette.primary.main : theme.palette.grey[600]),
          valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
        }))}
      />
    </Box>
  );
}
