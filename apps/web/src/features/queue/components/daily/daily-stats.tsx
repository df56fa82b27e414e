import type { LucideIcon } from 'lucide-react';
import { CalendarCheckIcon, CheckCheckIcon, ClockIcon, ListOrderedIcon, XCircleIcon } from 'lucide-react';
import type { DailyQueue } from '@/features/queue/api/daily-queue';
import { cn } from '@/lib/utils';

const CARDS: { key: keyof DailyQueue['stats']; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'total', label: 'Total del día', icon: ListOrderedIcon, tone: 'text-primary bg-primary/10' },
  { key: 'pendiente', label: 'Pendientes', icon: ClockIcon, tone: 'text-amber-700 bg-amber-100' },
  { key: 'confirmada', label: 'Confirmadas', icon: CalendarCheckIcon, tone: 'text-green-700 bg-green-100' },
  { key: 'completada', label: 'Atendidas', icon: CheckCheckIcon, tone: 'text-slate-700 bg-slate-100' },
  { key: 'cancelada', label: 'Canceladas', icon: XCircleIcon, tone: 'text-red-700 bg-red-100' },
];

export function DailyStats({ stats }: { stats: DailyQueue['stats'] | undefined }) {
  return (
    <div
      role="group"
      aria-label="Resumen del día"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {CARDS.map((c) => (
        <div key={c.key} className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', c.tone)}>
            <c.icon className="size-5" aria-hidden />
          </span>
          <dl className="min-w-0">
            <dt className="truncate text-xs font-medium text-muted-foreground">{c.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{stats ? stats[c.key] : '—'}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
