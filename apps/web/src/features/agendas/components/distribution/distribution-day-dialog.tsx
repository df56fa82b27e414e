import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { countOf, formatLongDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { AvailableDate } from '@/features/agendas/api/distributions';
import { OccupancyBar } from '@/features/agendas/components/occupancy-bar';
import { timeRange } from '@/features/agendas/utils/agenda-display';
import { occupancyPercent } from '@/features/agendas/utils/occupancy';

type Slot = AvailableDate['time_slots'][number];

function totals(slots: Slot[]) {
  const total = slots.reduce((s, x) => s + x.quota, 0);
  const available = slots.reduce((s, x) => s + x.available_slots, 0);
  const assigned = slots.reduce((s, x) => s + x.assigned, 0);
  return { total, available, assigned, used: total - available };
}

function Figures({ slots, label }: { slots: Slot[]; label: string }) {
  const t = totals(slots);
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Total', t.total],
          ['Disponibles', t.available],
          ['Asignados', t.assigned],
        ].map(([k, v]) => (
          <div key={k} className="rounded-md border bg-muted/30 p-2">
            <dt className="text-xs text-muted-foreground">{k}</dt>
            <dd className="text-xl font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <OccupancyBar used={t.used} total={t.total} label={label} />
      <p className="text-xs text-muted-foreground">Ocupación {occupancyPercent(t.used, t.total)} %</p>
    </div>
  );
}

/** A marked day of the distribution calendar: one doctor at a time (Anterior/Siguiente) and the day's summary. */
export function DistributionDayDialog({
  day,
  onOpenChange,
}: {
  day: AvailableDate;
  onOpenChange: (open: boolean) => void;
}) {
  const doctors = [...new Map(day.time_slots.map((s) => [s.doctor_id, s.doctor_name]))];
  const [index, setIndex] = useState(0);
  const [doctorId, doctorName] = doctors[index] ?? [0, ''];
  const slots = day.time_slots.filter((s) => s.doctor_id === doctorId);

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="first-letter:uppercase">{formatLongDate(day.date)}</DialogTitle>
          <DialogDescription>
            {countOf(doctors.length, 'doctor', 'doctores')} ·{' '}
            {countOf(day.total_available_slots, 'cupo disponible', 'cupos disponibles')}
          </DialogDescription>
        </DialogHeader>
        <section aria-label={`Cupos de ${doctorName}`} className="space-y-3">
          <div className="flex items-center justify-between gap-2">
            <Button size="sm" variant="outline" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              <ChevronLeftIcon aria-hidden />
              Anterior
            </Button>
            <p className="text-center text-sm">
              <span className="block font-semibold">{doctorName}</span>
              <span className="text-xs text-muted-foreground">
                Doctor {index + 1} de {doctors.length}
              </span>
            </p>
            <Button
              size="sm"
              variant="outline"
              disabled={index >= doctors.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              Siguiente
              <ChevronRightIcon aria-hidden />
            </Button>
          </div>
          <ul className="space-y-1 text-sm">
            {slots.map((s) => (
              <li
                key={`${s.availability_id}-${s.distribution_id}`}
                className="flex justify-between gap-2 rounded border px-2 py-1"
              >
                <span>
                  {timeRange(s.start_time, s.end_time)} · {s.specialty_name} · {s.location_name}
                </span>
                <span className="shrink-0 tabular-nums">{countOf(s.available_slots, 'libre', 'libres')}</span>
              </li>
            ))}
          </ul>
          <Figures slots={slots} label={`Ocupación de ${doctorName}`} />
        </section>
        {doctors.length > 1 && (
          <section aria-label="Resumen del día" className="space-y-2 border-t pt-3">
            <h3 className="text-sm font-semibold">Resumen del día</h3>
            <Figures slots={day.time_slots} label="Ocupación del día" />
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
