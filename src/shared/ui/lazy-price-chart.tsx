import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { PriceChartProps } from './price-chart';

const Chart = lazy(() => import('./price-chart'));

/** The price chart, fetched with @mui/x-charts only when a page shows one. */
export function PriceChart(props: PriceChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 260} />}>
      <Chart {...props} />
    </Suspense>
  );
}
export type { PriceChartProps };
