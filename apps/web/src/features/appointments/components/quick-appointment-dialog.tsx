/**
 * Registrar Cita Rápida (spec §2 "Quick appointment dialog", §5 "Quick appointment form").
 *
 * Props:
 * - `agenda`: the agenda to book into (any AvailabilityDto); null keeps the dialog closed.
 * - `onOpenChange(open)`: called with false when the dialog closes (cancel, Escape, after booking).
 * - `onBooked?(appointment)`: after a successful booking.
 *
 * The appointment is Confirmada, lasts the agenda's own appointment length and takes the agenda's next free
 * time (the server picks it; the dialog shows which it will be). With a patient picked, the defaults alone book
 * (the reason starts as the consultation of the agenda's specialty). One Idempotency-Key per opening, so a
 * double click books once. Ctrl+Enter registers from any field.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { CalendarPlusIcon, ClockIcon, Loader2Icon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { BOOKING_MESSAGES, quickAppointmentForm } from '@ips/shared/schemas/appointment-booking';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-toast';
import { useCreateAppointment } from '@/features/appointments/api/appointment-mutations';
import type { Appointment } from '@/features/appointments/api/get-appointments';
import type { PatientOption } from '@/features/appointments/api/patients';
import { AgendaInfoCard, type AgendaRef } from '@/features/appointments/components/agenda-info-card';
import {
  AppointmentDetailFields,
  DEFAULT_DETAILS,
  detailsPayload,
  type AppointmentDetails,
} from '@/features/appointments/components/appointment-detail-fields';
import { PatientSearch } from '@/features/appointments/components/patient-search';
import { SelectedPatientCard } from '@/features/appointments/components/selected-patient-card';
import { useBookingKey } from '@/features/appointments/hooks/use-booking-key';
import { useNextFreeTime, type NextFreeTime } from '@/features/appointments/hooks/use-next-free-time';
import { settle } from '@/features/appointments/utils/settle';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';
import { issuesOf } from '@/features/appointments/utils/form-errors';
import { agendaLength, defaultReason } from '@/features/appointments/utils/quick-booking';
import { dateOf, timeOf } from '@/features/appointments/utils/scheduled-at';
import { DesiredDateField } from '@/components/desired-date-field';

interface QuickAppointmentDialogProps {
  agenda: AgendaRef | null;
  onOpenChange: (open: boolean) => void;
  onBooked?: (appointment: Appointment) => void;
}

export function QuickAppointmentDialog({ agenda, onOpenChange, onBooked }: QuickAppointmentDialogProps) {
  return (
    <Dialog open={agenda !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-2xl">
        {agenda && (
          <QuickAppointmentBody agenda={agenda} onDone={() => onOpenChange(false)} onBooked={onBooked} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted per opening, so each opening starts empty with a fresh Idempotency-Key. */
function QuickAppointmentBody({
  agenda,
  onDone,
  onBooked,
}: {
  agenda: AgendaRef;
  onDone: () => void;
  onBooked?: (appointment: Appointment) => void;
}) {
  const [patient, setPatient] = useState<PatientOption | null>(null);
  const [details, setDetails] = useState<AppointmentDetails>(() => ({
    ...DEFAULT_DETAILS,
    duration_minutes: String(agendaLength(agenda)),
    reason: defaultReason(agenda),
  }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [desiredDate, setDesiredDate] = useState('');
  const { key } = useBookingKey(true);
  const create = useCreateAppointment();
  const next = useNextFreeTime(agenda, Number(details.duration_minutes), patient?.id ?? null);

  const check = (p: PatientOption | null, d: AppointmentDetails) =>
    quickAppointmentForm.safeParse({ patient_id: p?.id, ...detailsPayload(d) });

  /** A message shown after Registrar Cita goes as soon as its field is right; no new ones appear meanwhile. */
  const recheck = (p: PatientOption | null, d: AppointmentDetails) => {
    if (Object.keys(errors).length === 0) return;
    const parsed = check(p, d);
    const now = parsed.success ? {} : issuesOf<string>(parsed.error).byField;
    setErrors(Object.fromEntries(Object.keys(errors).flatMap((k) => (now[k] ? [[k, now[k]]] : []))));
  };
  const pickPatient = (p: PatientOption | null) => {
    setPatient(p);
    recheck(p, details);
  };
  const changeDetails = (d: AppointmentDetails) => {
    setDetails(d);
    recheck(patient, d);
  };

  const submit = () => {
    const parsed = check(patient, details);
    if (!parsed.success) {
      const { byField, all } = issuesOf<string>(parsed.error);
      setErrors(byField);
      toast.error('Formulario incompleto', { description: all.join('. '), ...DIALOG_TOAST });
      return;
    }
    setErrors({});
    settle(
      create.mutateAsync({
        key,
        body: {
          ...parsed.data,
          availability_id: agenda.id,
          location_id: agenda.location_id,
          specialty_id: agenda.specialty_id,
          doctor_id: agenda.doctor_id,
          status: 'Confirmada',
          manual: false,
          desired_date: desiredDate || null,
        },
      }),
      {
        onSuccess: (appointment) => {
          toast.success('Cita registrada exitosamente', {
            description: `${appointment.patient_name} · ${formatLongDate(dateOf(appointment.scheduled_at))} a las ${timeOf(appointment.scheduled_at)}`,
          });
          onBooked?.(appointment);
          onDone();
        },
        onError: (err) =>
          toast.error('Error al registrar la cita', {
            description: errorMessage(err) || 'Error inesperado',
            ...DIALOG_TOAST,
          }),
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CalendarPlusIcon className="size-5 text-primary" aria-hidden />
          Registrar Cita Rápida
        </DialogTitle>
        <DialogDescription>
          La cita queda confirmada en el siguiente horario libre de la agenda.
        </DialogDescription>
      </DialogHeader>
      <AgendaInfoCard agenda={agenda} />
      <NextTimeLine next={next} />

      <section className="grid gap-2" aria-label="Paciente">
        <Label>Paciente</Label>
        {patient ? (
          <SelectedPatientCard patient={patient} onChange={() => setPatient(null)} />
        ) : (
          <PatientSearch
            onSelect={pickPatient}
            autoFocus
            aria-invalid={errors.patient_id ? true : undefined}
          />
        )}
        {errors.patient_id && <p className="text-xs font-medium text-destructive">{errors.patient_id}</p>}
      </section>

      <section aria-label="Detalles de la cita" className="grid gap-2">
        <h3 className="text-sm font-semibold">Detalles de la cita</h3>
        <AppointmentDetailFields
          idPrefix="quick"
          value={details}
          onChange={changeDetails}
          errors={errors}
          agendaMinutes={agenda.duration_minutes}
        />
        <DesiredDateField id="quick-desired-date" value={desiredDate} onChange={setDesiredDate} />
      </section>

      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton onClick={submit} disabled={create.isPending}>
          {create.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {create.isPending ? 'Registrando…' : 'Registrar Cita'}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

/** The time the booking will get, or why there is none for this length. */
function NextTimeLine({ next }: { next: NextFreeTime }) {
  return (
    <p className="flex items-center gap-2 text-sm" aria-live="polite" data-testid="quick-time">
      <ClockIcon className="size-4 text-muted-foreground" aria-hidden />
      {next.pending ? (
        <span className="text-muted-foreground">Buscando el siguiente horario libre…</span>
      ) : next.time ? (
        <span>
          Hora de la cita: <span className="font-semibold">{next.time}</span>{' '}
          <span className="text-muted-foreground">(siguiente horario libre)</span>
        </span>
      ) : next.time === null ? (
        <span className="font-medium text-destructive">{BOOKING_MESSAGES.noFreeTime}</span>
      ) : (
        <span className="text-muted-foreground">El siguiente horario libre de la agenda</span>
      )}
    </p>
  );
}
