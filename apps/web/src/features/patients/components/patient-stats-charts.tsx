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
import type { PatientStatistics } from '@/features/patients/api/get-patient-stats';

/** Loaded on demand by the statistics dialog: this module is the only one that imports Recharts. */
const COLORS = ['#0d7472', '#2563eb', '#d97706', '#7c3aed', '#db2777', '#059669', '#dc2626', '#64748b'];
const GENDER_COLORS: Record<string, string> = {
  Masculino: '#2563eb',
  Femenino: '#db2777',
  Otro: '#7c3aed',
  'No especificado': '#94a3b8',
};
const tooltip = {
  formatter: (v: unknown) => [Number(v).toLocaleString('es-CO'), 'Pacientes'] as [string, string],
};

function Panel({ title, children, empty }: { title: string; children: ReactElement; empty?: boolean }) {
  return (
    <figure className="rounded-xl border bg-card p-4">
      <figcaption className="mb-3 text-sm font-semibold">{title}</figcaption>
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

function PieAndBar({
  data,
  colorOf,
  title,
}: {
  data: { name: string; count: number }[];
  colorOf: (name: string, i: number) => string;
  title: string;
}) {
  const empty = data.length === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title={`${title}: proporción`} empty={empty}>
        <PieChart>
          <Pie
            data={data}
            dataKey="count"
            nameKey="name"
            outerRadius="75%"
            label={({ name, percent }) => `${name} ${Math.round((percent ?? 0) * 100)}%`}
          >
            {data.map((d, i) => (
              <Cell key={d.name} fill={colorOf(d.name, i)} />
            ))}
          </Pie>
          <Tooltip {...tooltip} />
          <Legend itemSorter={null} />
        </PieChart>
      </Panel>
      <Panel title={`${title}: pacientes`} empty={empty}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip {...tooltip} />
          <Bar isAnimationActive={false} dataKey="count" radius={[4, 4, 0, 0]}>
            {data.map((d, i) => (
              <Cell key={d.name} fill={colorOf(d.name, i)} />
            ))}
          </Bar>
        </BarChart>
      </Panel>
    </div>
  );
}

export function GenderCharts({ stats }: { stats: PatientStatistics }) {
  const data = stats.by_gender.map((g) => ({ name: g.gender, count: g.count }));
  return (
    <PieAndBar
      title="Género"
      data={data}
      colorOf={(n, i) => GENDER_COLORS[n] ?? COLORS[i % COLORS.length]!}
    />
  );
}

export function BloodCharts({ stats }: { stats: PatientStatistics }) {
  return (
    <PieAndBar
      title="Tipo de sangre"
      data={stats.by_blood_group}
      colorOf={(_, i) => COLORS[i % COLORS.length]!}
    />
  );
}

export function AgeChart({ stats }: { stats: PatientStatistics }) {
  const data = stats.by_age_range.map((a) => ({ name: `${a.age_range} años`, count: a.count }));
  return (
    <Panel title="Pacientes por rango de edad" empty={data.length === 0}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip {...tooltip} />
        <Bar isAnimationActive={false} dataKey="count" fill={COLORS[0]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </Panel>
  );
}

export function SocioCharts({ stats }: { stats: PatientStatistics }) {
  const estratos = stats.by_estrato.map((e) => ({ name: `Estrato ${e.estrato}`, count: e.count }));
  const eps = stats.by_eps.slice(0, 10);
  return (
    <div className="grid gap-4">
      <Panel title="Pacientes por estrato socioeconómico" empty={estratos.length === 0}>
        <LineChart data={estratos}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip {...tooltip} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="count"
            stroke={COLORS[0]}
            strokeWidth={2}
            dot={{ r: 4 }}
          />
        </LineChart>
      </Panel>
      {eps.length > 0 && (
        <Panel title="Top 10 EPS">
          <BarChart data={eps} layout="vertical" margin={{ left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 11 }} />
            <Tooltip {...tooltip} />
            <Bar isAnimationActive={false} dataKey="count" fill={COLORS[1]} radius={[0, 4, 4, 0]} />
          </BarChart>
        </Panel>
      )}
    </div>
  );
}
