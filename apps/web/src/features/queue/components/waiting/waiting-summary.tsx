import type { LucideIcon } from 'lucide-react';
import { HeartPulseIcon, UsersIcon } from 'lucide-react';
import { PRIORITY_LEVELS } from '@ips/shared/schemas/queue-entry';
import { cn } from '@/lib/utils';
import type { WaitingListData } from '@/features/queue/api/waiting-list';
import { priorityStyle } from '@/features/queue/utils/priority-style';

function Stat({
  label,
  value,
  icon: Icon,
  tone,
  dot,
}: {
  label: string;
  value: number | undefined;
  icon?: LucideIcon;
  tone?: string;
  dot?: string;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
      {Icon ? (
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon className="size-5" aria-hidden />
        </span>
      ) : (
        <span className={cn('size-3 shrink-0 rounded-full', dot)} aria-hidden />
      )}
      <dl className="min-w-0">
        <dt className="text-xs leading-tight font-medium text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{value ?? '—'}</dd>
      </dl>
    </div>
  );
}

/** Totals of the whole waiting list (not of the filtered view): total, each priority, high-risk pregnancies. */
export function WaitingSummary({ stats }: { stats: WaitingListData['stats'] | undefined }) {
  return (
    <div
      role="group"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
      aria-label="Resumen de la cola"
    >
      <Stat
        label="En espera"
        value={stats?.total_patients_waiting}
        icon={UsersIcon}
        tone="bg-primary/10 text-primary"
      />
      {PRIORITY_LEVELS.map((p) => (
        <Stat key={p} label={p} value={stats?.by_priority[p]} dot={priorityStyle(p).dot} />
      ))}
      <Stat
        label="Embarazo alto riesgo"
        value={stats?.high_risk_pregnancies}
        icon={HeartPulseIcon}
        tone="bg-pink-100 text-pink-700"
      />
    </div>
  );
}
