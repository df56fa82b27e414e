import type { ReactNode } from 'react';
import { countOf, formatMoney } from '@ips/shared/format';
import type { BillingMetrics } from '@ips/shared/schemas/billing';
import { Skeleton } from '@/components/ui/skeleton';

const count = new Intl.NumberFormat('es-CO');
// Six in a row only where '$ 22.915.000' fits a sixth of the page (not at 1366 px beside the sidebar).
const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6';

/** A figure is never cut: amounts keep their line, a service name wraps. */
function Card({
  title,
  value,
  hint,
  text,
}: {
  title: string;
  value: ReactNode;
  hint?: string;
  text?: boolean;
}) {
  return (
    <section className="min-w-0 rounded-lg border bg-card p-4" aria-label={title}>
      <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      <p
        className={
          text
            ? 'mt-1 text-base leading-snug font-semibold break-words'
            : 'mt-1 text-lg font-semibold whitespace-nowrap tabular-nums sm:text-xl'
        }
      >
        {value}
      </p>
      {hint && <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>}
    </section>
  );
}

/** Spec §2: Total Final, Costo Base, Margen, Promedio Ticket, Total Facturas (rango), Top Servicio. */
export function BillingCards({ metrics }: { metrics: BillingMetrics | undefined }) {
  if (!metrics)
    return (
      <div className={GRID} aria-busy="true" aria-label="Cargando totales">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-[86px] rounded-lg" />
        ))}
      </div>
    );
  const margin = metrics.total_final - metrics.total_base;
  const top = metrics.top_services[0];
  return (
    <div className={GRID}>
      <Card title="Total Final" value={formatMoney(metrics.total_final)} />
      <Card title="Costo Base" value={formatMoney(metrics.total_base)} />
      <Card title="Margen" value={formatMoney(margin)} hint="Final menos base" />
      <Card title="Promedio Ticket" value={formatMoney(metrics.avg_ticket)} />
      <Card title="Total Facturas (rango)" value={count.format(metrics.total_count)} hint="Sin canceladas" />
      <Card
        title="Top Servicio"
        text
        value={top ? top.service_name : '—'}
        hint={top ? countOf(top.count, 'factura', 'facturas') : undefined}
      />
    </div>
  );
}
