import { Loader2Icon } from 'lucide-react';
import { countOf, formatLongDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { AvailableAgenda } from '@/features/queue/api/waiting-list';
import { freeSlotsBadgeClass } from '@/features/queue/utils/priority-style';

const hhmm = (t: string) => t.slice(0, 5);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The agenda picker of the waiting-list dialog (spec §2): doctor, location, date, hours, free slots (green
 * above 5, yellow above 2, orange otherwise) and booked/capacity.
 */
export function AgendaOptions({
  agendas,
  loading,
  failed,
  value,
  onChange,
  invalid,
}: {
  agendas: AvailableAgenda[];
  loading: boolean;
  failed: boolean;
  value: number | null;
  onChange: (id: number) => void;
  invalid: boolean;
}) {
  if (loading)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Cargando agendas disponibles...
      </p>
    );
  if (failed)
    return (
      <p className="py-4 text-sm text-destructive" role="alert">
        No se pudieron cargar las agendas disponibles
      </p>
    );
  if (agendas.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No hay agendas disponibles</p>;
  return (
    <div
      role="radiogroup"
      aria-label="Agendas disponibles"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? 'assign-agenda-error' : undefined}
      className={cn(
        'grid max-h-72 gap-2 overflow-y-auto rounded-lg p-0.5',
        invalid && 'ring-2 ring-destructive/40',
      )}
    >
      {agendas.map((a) => (
        <button
          key={a.id}
          type="button"
          role="radio"
          aria-checked={a.id === value}
          onClick={() => onChange(a.id)}
          className={cn(
            'flex items-center gap-3 rounded-lg border p-3 text-left text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            a.id === value ? 'border-primary bg-primary/10' : 'hover:bg-muted',
          )}
        >
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{a.doctor_name}</span>
            <span className="block text-xs text-muted-foreground">
              {upperFirst(formatLongDate(a.date))} · {hhmm(a.start_time)}–{hhmm(a.end_time)}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{a.location_name}</span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <Badge variant="outline" className={freeSlotsBadgeClass(a.available_slots)}>
              {countOf(a.available_slots, 'cupo', 'cupos')}
            </Badge>
            <span className="text-xs text-muted-foreground tabular-nums">
              {a.booked_slots}/{a.capacity}
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}
