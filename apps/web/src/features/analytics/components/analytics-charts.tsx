import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LocationsResponse, OverviewResponse, SpecialtiesResponse } from '@ips/shared/schemas/analytics';

/*
 * Recharts for Análisis. This module is loaded with import() (React.lazy) when a chart first renders, so neither
 * the shell nor the page's first render carries chart code (ARCHITECTURE rule 10).
 */

const COLORS = ['#0d7472', '#2563eb', '#d97706', '#7c3aed', '#dc2626', '#059669', '#db2777', '#4b5563'];

function Panel({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: string;
  empty: boolean;
  children: ReactElement;
}) {
  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm" aria-label={title}>
      <figcaption className="mb-3">
        <span className="block text-sm font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">{description}</span>
      </figcaption>
      {empty ? (
        <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">
          Sin datos para mostrar
        </p>
      ) : (
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

export function SummaryCharts({ data }: { data: OverviewResponse }) {
  const empty = data.totals.total_consultations === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel
        title="Consultas por día de la semana"
        description="Suma de cada día de la semana en el rango"
        empty={empty}
      >
        <BarChart data={data.by_weekday}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 11 }} tickFormatter={(s: string) => s.slice(0, 3)} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="consultations" name="Consultas" fill={COLORS[0]} radius={[4, 4, 0, 0]} />
        </BarChart>
      </Panel>
      <Panel title="Distribución por hora" description="Consultas según la hora de la cita" empty={empty}>
        <BarChart data={data.by_hour.filter((h) => h.hour >= 5 && h.hour <= 21)}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" tick={{ fontSize: 11 }} tickFormatter={(h: number) => `${h}h`} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip labelFormatter={(h) => `${String(h)}:00`} />
          <Bar dataKey="consultations" name="Consultas" fill={COLORS[1]} radius={[4, 4, 0, 0]} />
        </BarChart>
      </Panel>
    </div>
  );
}

export function LocationCharts({ data }: { data: LocationsResponse }) {
  const zones = [...new Set(data.trend_by_zone.map((t) => t.zone))];
  const months = [...new Set(data.trend_by_zone.map((t) => t.month))].sort();
  const trend = months.map((month) => ({
    month,
    ...Object.fromEntries(
      zones.map((z) => [
        z,
        data.trend_by_zone.find((t) => t.month === month && t.zone === z)?.consultations ?? 0,
      ]),
    ),
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Consultas por zona" description="Zona del paciente" empty={data.by_zone.length === 0}>
        <BarChart data={data.by_zone} layout="vertical" margin={{ left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="value" name="Consultas" fill={COLORS[0]} radius={[0, 4, 4, 0]} />
        </BarChart>
      </Panel>
      <Panel title="Tendencia mensual por zona" description="Últimos 4 meses" empty={trend.length === 0}>
        <LineChart data={trend}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          {zones.map((z, i) => (
            <Line key={z} dataKey={z} stroke={COLORS[i % COLORS.length]} strokeWidth={2} dot={false} />
          ))}
        </LineChart>
      </Panel>
    </div>
  );
}

export function SpecialtyPie({ data }: { data: SpecialtiesResponse }) {
  const top = data.by_specialty.slice(0, 7);
  const rest = data.by_specialty.slice(7).reduce((s, r) => s + r.consultations, 0);
  const slices = rest > 0 ? [...top, { name: 'Otras', consultations: rest }] : top;
  return (
    <Panel
      title="Consultas por especialidad"
      description="Participación en el rango"
      empty={slices.length === 0}
    >
      <PieChart>
        <Pie data={slices} dataKey="consultations" nameKey="name" innerRadius="45%" outerRadius="80%">
          {slices.map((s, i) => (
            <Cell key={s.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </Panel>
  );
}

export function OportunidadTrend({
  data,
}: {
  data: { month: string; indicator: string; value: number | null }[];
}) {
  const codes = [...new Set(data.map((d) => d.indicator))].sort();
  const months = [...new Set(data.map((d) => d.month))].sort();
  const rows = months.map((month) => ({
    month,
    ...Object.fromEntries(
      codes.map((c) => [c, data.find((d) => d.month === month && d.indicator === c)?.value ?? null]),
    ),
  }));
  return (
    <Panel
      title="Tendencia de 12 meses"
      description="Días promedio desde la solicitud, por indicador"
      empty={rows.length === 0}
    >
      <LineChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 11 }} />
        <YAxis tick={{ fontSize: 11 }} />
        <Tooltip />
        <Legend />
        {codes.map((c, i) => (
          <Line key={c} dataKey={c} stroke={COLORS[i % COLORS.length]} strokeWidth={2} connectNulls />
        ))}
      </LineChart>
    </Panel>
  );
}
