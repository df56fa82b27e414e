import type { ReactNode } from 'react';
import { AwardIcon, UserPlusIcon, UsersIcon, VenusAndMarsIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { usePatientSummary } from '@/features/patients/api/get-patient-summary';

const nf = new Intl.NumberFormat('es-CO');

function SummaryCard({
  title,
  icon,
  children,
  loading,
  wide,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  loading: boolean;
  /** Full row on phones (the two number cards share one). */
  wide?: boolean;
}) {
  return (
    <Card className={cn('gap-2 px-4 py-4 sm:px-5', wide && 'col-span-2 sm:col-span-1')} aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-primary">
          {icon}
        </span>
      </div>
      {loading ? (
        <div className="space-y-2" aria-hidden>
          <Skeleton className="h-7 w-16" />
          <Skeleton className="h-4 w-32" />
        </div>
      ) : (
        children
      )}
    </Card>
  );
}

/** The four cards of Gestión de Pacientes, from GET /patients-v2/summary. */
export function PatientsSummaryCards() {
  const summary = usePatientSummary();
  const s = summary.data;
  const loading = summary.isPending;
  const gender = (g: string) => s?.by_gender.find((x) => x.gender === g)?.count ?? 0;

  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="patients-summary">
      <SummaryCard
        title="Total Pacientes"
        icon={<UsersIcon className="size-4" aria-hidden />}
        loading={loading}
      >
        <p className="text-2xl font-semibold tabular-nums">{nf.format(s?.total ?? 0)}</p>
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-success">{countOf(s?.active ?? 0, 'activo')}</span>
          <span aria-hidden> · </span>
          <span className="whitespace-nowrap">{countOf(s?.inactive ?? 0, 'inactivo')}</span>
        </p>
      </SummaryCard>

      <SummaryCard
        title="Nuevos Hoy"
        icon={<UserPlusIcon className="size-4" aria-hidden />}
        loading={loading}
      >
        <p className="text-2xl font-semibold tabular-nums">{nf.format(s?.new_today ?? 0)}</p>
        <p className="text-xs text-muted-foreground">Registrados desde la medianoche</p>
      </SummaryCard>

      <SummaryCard
        title="Por Género"
        icon={<VenusAndMarsIcon className="size-4" aria-hidden />}
        loading={loading}
        wide
      >
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(['Masculino', 'Femenino', 'Otro'] as const).map((g) => (
            <div key={g} className="rounded-md bg-muted/60 px-1 py-1.5">
              <dt className="text-[0.6875rem] text-muted-foreground">{g}</dt>
              <dd className="text-base font-semibold tabular-nums">{nf.format(gender(g))}</dd>
            </div>
          ))}
        </dl>
      </SummaryCard>

      <SummaryCard
        title="Top 3 EPS"
        icon={<AwardIcon className="size-4" aria-hidden />}
        loading={loading}
        wide
      >
        {s && s.top_eps.length > 0 ? (
          <ol className="space-y-1 text-sm">
            {s.top_eps.slice(0, 3).map((e, i) => (
              <li key={e.id} className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate" title={e.name}>
                  <span className="mr-1 text-muted-foreground">{i + 1}.</span>
                  {e.name}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{nf.format(e.count)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Sin pacientes con EPS asignada</p>
        )}
      </SummaryCard>
    </div>
  );
}
