import { InfoIcon } from 'lucide-react';
import { ANALYTICS_DEFINITIONS as D, type OverviewResponse } from '@ips/shared/schemas/analytics';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { fmtNumber, fmtPercent } from '@/features/analytics/components/format';

/** The four cards of spec §2, each with its definition one focus or hover away. */
export function KpiCards({
  totals,
  loading,
}: {
  totals: OverviewResponse['totals'] | undefined;
  loading: boolean;
}) {
  const cards = [
    {
      key: 'total',
      label: 'Total Consultas',
      value: fmtNumber(totals?.total_consultations),
      def: D.total_consultations,
    },
    {
      key: 'unique',
      label: 'Pacientes Únicos',
      value: fmtNumber(totals?.unique_patients),
      def: D.unique_patients,
    },
    {
      key: 'avg',
      label: 'Tiempo Promedio',
      value: totals?.avg_duration_minutes == null ? '—' : `${fmtNumber(totals.avg_duration_minutes)} min`,
      def: D.avg_duration_minutes,
    },
    {
      key: 'rate',
      label: 'Tasa de Finalización',
      value: fmtPercent(totals?.completion_rate),
      def: D.completion_rate,
    },
  ];
  return (
    <TooltipProvider delayDuration={150}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={loading}>
        {cards.map((c) => (
          <section
            key={c.key}
            className="rounded-xl border bg-card p-4 shadow-sm"
            aria-label={c.label}
            data-testid={`kpi-${c.key}`}
          >
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-sm font-medium text-muted-foreground">{c.label}</h2>
              <Tooltip>
                <TooltipTrigger asChild>
                  <button
                    type="button"
                    className="rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={`Qué es ${c.label}: ${c.def}`}
                  >
                    <InfoIcon className="size-4" aria-hidden />
                  </button>
                </TooltipTrigger>
                <TooltipContent className="max-w-72">{c.def}</TooltipContent>
              </Tooltip>
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid={`kpi-${c.key}-value`}>
              {loading && !totals ? '…' : c.value}
            </p>
          </section>
        ))}
      </div>
    </TooltipProvider>
  );
}
