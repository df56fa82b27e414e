import { CalendarPlusIcon, CalendarSearchIcon, XIcon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Agenda } from '@/features/agendas/api/agendas';
import { AgendaCard } from '@/features/agendas/components/agenda-card';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';

interface DailyAgendaListProps {
  /** The selected day, or null for the upcoming availabilities. */
  date: string | null;
  agendas: Agenda[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onClearDate: () => void;
  canCreate: boolean;
}

/** Spec §2 "Daily agenda list": the selected day's agendas, or the upcoming ones when no day is chosen. */
export function DailyAgendaList({
  date,
  agendas,
  isPending,
  error,
  onRetry,
  onClearDate,
  canCreate,
}: DailyAgendaListProps) {
  const dialogs = useAgendaDialogs();
  const title = date ? 'Agendas del Día Seleccionado' : 'Próximas Disponibilidades';
  return (
    <Card aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {date && (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
          >
            <span className="inline-flex items-center gap-2">
              <CalendarSearchIcon className="size-4 text-primary" aria-hidden />
              Mostrando agendas del <strong className="capitalize-first">{formatLongDate(date)}</strong>
            </span>
            <Button size="sm" variant="ghost" onClick={onClearDate}>
              <XIcon aria-hidden />
              Ver Todas
            </Button>
          </div>
        )}
        {isPending ? (
          <ListSkeleton rows={3} label="Cargando agendas" />
        ) : error ? (
          <LoadError title="No se pudieron cargar las agendas" error={error} onRetry={onRetry} />
        ) : agendas.length === 0 ? (
          <EmptyState
            icon={CalendarSearchIcon}
            title={date ? 'No hay agendas para este día' : 'No hay disponibilidades próximas'}
            action={
              canCreate && (
                <Button onClick={() => dialogs.open({ kind: 'create', date: date ?? undefined })}>
                  <CalendarPlusIcon aria-hidden />
                  Crear Agenda para este Día
                </Button>
              )
            }
          />
        ) : (
          <div className="space-y-3">
            {agendas.map((a) => (
              <AgendaCard key={a.id} agenda={a} showDate={!date} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
