import { lazy, Suspense, type ComponentProps } from 'react';
import type * as Charts from '@/features/analytics/components/analytics-charts';

/* The chart module is fetched on first use (ARCHITECTURE rule 10); a quiet placeholder holds its place. */
const charts = () => import('@/features/analytics/components/analytics-charts');
const Summary = lazy(() => charts().then((m) => ({ default: m.SummaryCharts })));
const Locations = lazy(() => charts().then((m) => ({ default: m.LocationCharts })));
const Specialties = lazy(() => charts().then((m) => ({ default: m.SpecialtyPie })));
const Trend = lazy(() => charts().then((m) => ({ default: m.OportunidadTrend })));

function Loading() {
  return (
    <p
      className="flex h-64 items-center justify-center rounded-xl border text-sm text-muted-foreground"
      role="status"
    >
      Cargando gráficos…
    </p>
  );
}

export const LazySummaryCharts = (p: ComponentProps<typeof Charts.SummaryCharts>) => (
  <Suspense fallback={<Loading />}>
    <Summary {...p} />
  </Suspense>
);
export const LazyLocationCharts = (p: ComponentProps<typeof Charts.LocationCharts>) => (
  <Suspense fallback={<Loading />}>
    <Locations {...p} />
  </Suspense>
);
export const LazySpecialtyPie = (p: ComponentProps<typeof Charts.SpecialtyPie>) => (
  <Suspense fallback={<Loading />}>
    <Specialties {...p} />
  </Suspense>
);
export const LazyOportunidadTrend = (p: ComponentProps<typeof Charts.OportunidadTrend>) => (
  <Suspense fallback={<Loading />}>
    <Trend {...p} />
  </Suspense>
);
