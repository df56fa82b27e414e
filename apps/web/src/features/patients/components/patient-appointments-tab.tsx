import { CalendarClockIcon, CalendarXIcon, HistoryIcon } from 'lucide-react';
import { formatDate, formatDateTime, formatTime } from '@ips/shared/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { usePatientAppointments } from '@/features/patients/api/get-patient-appointments';
import { splitAppointments, type DatedAppointment } from '@/features/patients/utils/split-appointments';

function statusVariant(status: string): BadgeProps['variant'] {
  const s = status.toLowerCase();
  if (s.startsWith('confirm')) return 'success';
  if (s.startsWith('pend')) return 'warning';
  if (s.startsWith('cancel')) return 'destructive';
  return 'secondary';
}

function AppointmentItem({ a, timezone }: { a: DatedAppointment; timezone: string }) {
  const time = a.start_time ? a.start_time.slice(0, 5) : a.at ? formatTime(a.at, timezone) : '';
  return (
    <li className="rounded-lg border bg-card p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {a.at ? formatDate(a.at, timezone) : a.scheduled_at.slice(0, 10)}
          {time && <span className="text-muted-foreground"> · {time}</span>}
        </p>
        <Badge variant={statusVariant(a.status)}>{a.status}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-2">
        {a.specialty_name && (
          <div>
            Especialidad: <span className="text-foreground">{a.specialty_name}</span>
          </div>
        )}
        {a.doctor_name && (
          <div>
            Doctor: <span className="text-foreground">{a.doctor_name}</span>
          </div>
        )}
        {a.location_name && (
          <div>
            Sede: <span className="text-foreground">{a.location_name}</span>
          </div>
        )}
        {a.created_at && <div>Solicitada: {formatDateTime(a.created_at, timezone)}</div>}
        {a.reason && (
          <div className="sm:col-span-2">
            Motivo: <span className="text-foreground">{a.reason}</span>
          </div>
        )}
      </dl>
    </li>
  );
}

/** Citas: Próximas Citas and Historial de Citas from GET /appointments?patient_id=. */
export function PatientAppointmentsTab({ patientId, timezone }: { patientId: number; timezone: string }) {
  const q = usePatientAppointments(patientId, { enabled: true });

  if (q.isPending)
    return (
      <div className="space-y-3" role="status" aria-label="Cargando citas">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (q.isError)
    return (
      <Alert variant="destructive" role="alert">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>No se pudieron cargar las citas del paciente.</AlertDescription>
      </Alert>
    );
  if (q.data.length === 0)
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
        <CalendarXIcon className="size-9 text-muted-foreground" aria-hidden />
        <p className="mt-3 font-medium">No hay citas registradas</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Las citas que se agenden al paciente aparecerán aquí.
        </p>
      </div>
    );

  const { upcoming, history } = splitAppointments(q.data, timezone);
  return (
    <div className="space-y-6">
      <section aria-labelledby="upcoming-appointments">
        <h3 id="upcoming-appointments" className="mb-2 flex items-center gap-2 text-sm font-semibold">
          <CalendarClockIcon className="size-4 text-primary" aria-hidden />
          Próximas Citas ({upcoming.length})
        </h3>
        {upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin citas próximas.</p>
        ) : (
          <ul className="space-y-2">
            {upcoming.map((a) => (
              <AppointmentItem key={a.id} a={a} timezone={timezone} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="appointments-history">
        <h3 id="appointments-history" className="mb-2 flex items-center gap-2 text-sm font-semibold">
          <HistoryIcon className="size-4 text-primary" aria-hidden />
          Historial de Citas ({history.length})
        </h3>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin citas anteriores.</p>
        ) : (
          <ul className="max-h-80 space-y-2 overflow-y-auto pr-1">
            {history.map((a) => (
              <AppointmentItem key={a.id} a={a} timezone={timezone} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
