import { countOf } from '@ips/shared/format';
import { cn } from '@/lib/utils';
import type { DistributionEntry } from '@/features/agendas/api/distributions';
import { OccupancyBar } from '@/features/agendas/components/occupancy-bar';
import {
  occupancyPercent,
  QUOTA_BAND_STYLE,
  quotaBand,
  type QuotaBand,
} from '@/features/agendas/utils/occupancy';

const BAND_TEXT: Record<QuotaBand, string> = {
  critical: 'Crítica (≥ 90 %)',
  high: 'Alta (≥ 80 %)',
  medium: 'Media (≥ 60 %)',
  low: 'Baja (< 60 %)',
};

/** Totals of the listed quotas and how many days fall in each utilisation band (60/80/90 %). */
export function QuotaSummary({ rows }: { rows: DistributionEntry[] }) {
  const quota = rows.reduce((s, r) => s + r.quota, 0);
  const assigned = rows.reduce((s, r) => s + r.assigned, 0);
  const bands: Record<QuotaBand, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const r of rows) bands[quotaBand(r.assigned, r.quota)]++;
  const agendas = new Set(rows.map((r) => r.availability_id)).size;
  return (
    <section aria-label="Resumen de cupos" className="grid gap-3 md:grid-cols-[1fr_2fr]">
      <div className="space-y-2 rounded-lg border bg-card p-4">
        <p className="text-sm text-muted-foreground">
          {countOf(agendas, 'agenda', 'agendas')} · {countOf(rows.length, 'día', 'días')}
        </p>
        <p className="text-2xl font-semibold tabular-nums">
          {assigned} / {quota}{' '}
          <span className="text-sm font-normal text-muted-foreground">cupos asignados</span>
        </p>
        <OccupancyBar used={assigned} total={quota} scale="list" label="Utilización de la cuota" />
        <p className="text-xs text-muted-foreground">
          Utilización {occupancyPercent(assigned, quota)} % ·{' '}
          {countOf(quota - assigned, 'disponible', 'disponibles')}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(Object.keys(BAND_TEXT) as QuotaBand[]).map((b) => (
          <div key={b} className="rounded-lg border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{BAND_TEXT[b]}</dt>
            <dd className="mt-1 flex items-center gap-2 text-xl font-semibold tabular-nums">
              <span
                className={cn('inline-block size-3 rounded-full border', QUOTA_BAND_STYLE[b].className)}
                aria-hidden
              />
              {bands[b]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
