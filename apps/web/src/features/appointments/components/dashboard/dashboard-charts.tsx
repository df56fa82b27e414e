import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '@ips/shared/format';
import type { SpecialtyBar, TrendPoint } from '@/features/appointments/utils/dashboard-stats';

/** Recharts lives only in the dashboard's and the day agenda's route chunks, never in the shell. */
export const CHART_COLORS = {
  occupied: '#0d7472',
  available: '#22c55e',
  capacity: '#64748b',
  rate: '#2563eb',
};

export function ChartPanel({
  title,
  description,
  empty,
  children,
  height = 'h-72',
}: {
  title: string;
  description?: string;
  empty?: boolean;
  children: ReactElement;
  height?: string;
}) {
  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm" aria-label={title}>
      <figcaption className="mb-3">
        <span className="block text-sm font-semibold">{title}</span>
        {description && <span className="block text-xs text-muted-foreground">{description}</span>}
      </figcaption>
      {empty ? (
        <p className={`flex ${height} items-center justify-center text-sm text-muted-foreground`}>
          Sin datos para mostrar
        </p>
      ) : (
        <div className={`${height} w-full`}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

const shortLabel = (s: string) => (s.length > 14 ? `${s.slice(0, 13)}…` : s);

/** Occupied vs available slots per specialty, next 7 days. */
export function SpecialtySlotsChart({ data }: { data: SpecialtyBar[] }) {
  return (
    <ChartPanel
      title="Cupos por especialidad"
      description="Ocupados y disponibles en los próximos 7 días"
      empty={data.length === 0}
    >
      <BarChart data={data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="specialty"
          tick={{ fontSize: 11 }}
          tickFormatter={shortLabel}
          interval={0}
          angle={-30}
          textAnchor="end"
          height={72}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          isAnimationActive={false}
          dataKey="ocupados"
          name="Ocupados"
          stackId="s"
          fill={CHART_COLORS.occupied}
        />
        <Bar
          isAnimationActive={false}
          dataKey="disponibles"
          name="Disponibles"
          stackId="s"
          fill={CHART_COLORS.available}
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ChartPanel>
  );
}

const dayLabel = (date: string) => formatDate(date).slice(0, 5);

/** Utilization percent, occupied slots and total capacity of each of the last 7 days. */
export function UtilizationTrendChart({ data }: { data: TrendPoint[] }) {
  return (
    <ChartPanel
      title="Tendencia de los últimos 7 días"
      description="Utilización, cupos ocupados y capacidad total"
    >
      <LineChart data={data} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={dayLabel} tick={{ fontSize: 11 }} />
        <YAxis yAxisId="slots" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis yAxisId="pct" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
        <Tooltip labelFormatter={(d) => formatDate(String(d))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          isAnimationActive={false}
          yAxisId="pct"
          dataKey="utilizacion"
          name="Utilización (%)"
          stroke={CHART_COLORS.rate}
          strokeWidth={2}
        />
        <Line
          isAnimationActive={false}
          yAxisId="slots"
          dataKey="ocupados"
          name="Cupos ocupados"
          stroke={CHART_COLORS.occupied}
          strokeWidth={2}
        />
        <Line
          isAnimationActive={false}
          yAxisId="slots"
          dataKey="capacidad"
          name="Capacidad total"
          stroke={CHART_COLORS.capacity}
          strokeDasharray="4 3"
        />
      </LineChart>
    </ChartPanel>
  );
}
