/**
 * Cita Manual from an agenda (spec §5 "Manual appointment", §8).
 *
 * Props:
 * - `agenda`: the agenda (any AvailabilityDto); null keeps the dialog closed. Its date, doctor, specialty and
 *   location are locked; the time must lie within its hours ('Hora fuera de rango').
 * - `onOpenChange(open)`: called with false when the dialog closes.
 * - `onBooked?(appointment)`: after the appointment was created.
 *
 * The patient is searched or registered on the spot (document, name, phone). The time starts at the
 * suggested next free time; a live conflict check shows the banner and blocks the booking while it holds.
 * Keyboard: Enter picks the only patient found and goes on to the first empty field; Ctrl+Enter books.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { HandIcon, Loader2Icon } from 'lucide-react';
import { agendaHoursError, BOOKING_MESSAGES } from '@ips/shared/schemas/appointment-booking';
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
import { errorMessage } from '@/lib/error-toast';
import { useCreateAppointment } from '@/features/appointments/api/appointment-mutations';
import type { Appointment } from '@/features/appointments/api/get-appointments';
import { useAvailabilityDetail } from '@/features/appointments/api/get-availabilities';
import { checkConflicts } from '@/features/appointments/api/get-conflicts';
import type { AgendaRef } from '@/features/appointments/components/agenda-info-card';
import {
  AppointmentDetailFields,
  DEFAULT_DETAILS,
  detailsForAgenda,
  detailsPayload,
} from '@/features/appointments/components/appointment-detail-fields';
import { ConflictBanner } from '@/features/appointments/components/conflict-banner';
import { ManualScheduleFields } from '@/features/appointments/components/manual/manual-schedule-fields';
import { EMPTY_NEW_PATIENT } from '@/features/appointments/components/new-patient-fields';
import { PatientPicker, type PatientChoice } from '@/features/appointments/components/patient-picker';
import { useBookingKey } from '@/features/appointments/hooks/use-booking-key';
import { useConflictCheck } from '@/features/appointments/hooks/use-conflict-check';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import { useResolvePatient } from '@/features/appointments/hooks/use-resolve-patient';
import { useSuggestedTime } from '@/features/appointments/hooks/use-suggested-time';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';
import { hhmm, toScheduledAt } from '@/features/appointments/utils/scheduled-at';
import { DesiredDateField } from '@/components/desired-date-field';

interface ManualAppointmentDialogProps {
  agenda: AgendaRef | null;
  onOpenChange: (open: boolean) => void;
  onBooked?: (appointment: Appointment) => void;
}

export function ManualAppointmentDialog({ agenda, onOpenChange, onBooked }: ManualAppointmentDialogProps) {
  return (
    <Dialog open={agenda !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {agenda && <ManualBody agenda={agenda} onDone={() => onOpenChange(false)} onBooked={onBooked} />}
      </DialogContent>
    </Dialog>
  );
}

function ManualBody({
  agenda,
  onDone,
  onBooked,
}: {
  agenda: AgendaRef;
  onDone: () => void;
  onBooked?: (appointment: Appointment) => void;
}) {
  const clock = useOrgClock();
  const detail = useAvailabilityDetail(agenda.id);
  const [choice, setChoice] = useState<PatientChoice>({
    mode: 'search',
    patient: null,
    newPatient: EMPTY_NEW_PATIENT,
  });
  const [time, setTime] = useState('');
  const [desiredDate, setDesiredDate] = useState('');
  const [duration, setDuration] = useState(() => detailsForAgenda(agenda.duration_minutes).duration_minutes);
  const [details, setDetails] = useState(DEFAULT_DETAILS);
  const [timeError, setTimeError] = useState<string>();
  const [patientErrors, setPatientErrors] = useState<Record<string, string>>({});
  const { key } = useBookingKey(true);
  const suggester = useSuggestedTime();
  const patients = useResolvePatient();
  const create = useCreateAppointment();
  const patientId = choice.mode === 'search' ? (choice.patient?.id ?? null) : null;
  const minutes = Number(duration);
  const range = { start: hhmm(agenda.start_time), end: hhmm(agenda.end_time) };

  const suggest = async (notify: boolean) => {
    const t = await suggester.suggest({
      agenda,
      appointments: detail.data?.appointments ?? [],
      durationMinutes: minutes,
      patientId,
      today: clock.today,
      nowMinutes: clock.nowMinutes,
    });
    if (t) {
      setTime(t);
      setTimeError(undefined);
    } else if (notify)
      toast.warning('Sin horario libre', { description: BOOKING_MESSAGES.noFreeTime, ...DIALOG_TOAST });
  };

  const suggestedOnce = useRef(false);
  useEffect(() => {
    if (detail.data && !suggestedOnce.current) {
      suggestedOnce.current = true;
      void suggest(false);
    }
    // Only once the agenda's appointments are known; later suggestions are asked for with the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.data]);

  const validTime = /^\d{2}:\d{2}$/.test(time);
  const rangeError = validTime ? agendaHoursError(time, minutes, range.start, range.end) : null;
  const inRange = validTime && rangeError === null;
  const conflicts = useConflictCheck(
    inRange
      ? {
          doctor_id: agenda.doctor_id,
          patient_id: patientId ?? undefined,
          scheduled_at: toScheduledAt(agenda.date, time),
          duration_minutes: minutes,
        }
      : null,
  );
  const conflict = inRange && conflicts.data?.conflict === true;
  const busy = patients.isPending || create.isPending;

  const submit = async () => {
    if (!time) {
      toast.error('Campos incompletos', { description: BOOKING_MESSAGES.manualRequired, ...DIALOG_TOAST });
      return;
    }
    if (!inRange) {
      const message = rangeError ?? BOOKING_MESSAGES.outOfRange(range.start, range.end);
      setTimeError(message);
      toast.error(BOOKING_MESSAGES.outOfRangeTitle, { description: message, ...DIALOG_TOAST });
      return;
    }
    setTimeError(undefined);
    const d = detailsPayload(details);
    try {
      const resolved = await patients.resolve(choice);
      if (!resolved.ok) {
        setPatientErrors(resolved.fieldErrors);
        toast.error('Campos incompletos', { description: BOOKING_MESSAGES.manualRequired, ...DIALOG_TOAST });
        return;
      }
      setPatientErrors({});
      if (resolved.created)
        setChoice({ mode: 'search', patient: resolved.patient, newPatient: EMPTY_NEW_PATIENT });
      const scheduled_at = toScheduledAt(agenda.date, time);
      const check = await checkConflicts({
        doctor_id: agenda.doctor_id,
        patient_id: resolved.patient.id,
        scheduled_at,
        duration_minutes: minutes,
      });
      if (check.conflict) {
        toast.error('Conflicto de agenda', { description: BOOKING_MESSAGES.overlap, ...DIALOG_TOAST });
        return;
      }
      const appointment = await create.mutateAsync({
        key,
        body: {
          patient_id: resolved.patient.id,
          availability_id: agenda.id,
          location_id: agenda.location_id,
          specialty_id: agenda.specialty_id,
          doctor_id: agenda.doctor_id,
          scheduled_at,
          ...d,
          duration_minutes: minutes,
          reason: d.reason || null,
          status: 'Confirmada',
          manual: true,
          desired_date: desiredDate || null,
        },
      });
      toast.success('Cita creada exitosamente', { description: 'La cita ha sido agendada correctamente' });
      onBooked?.(appointment);
      onDone();
    } catch (err) {
      toast.error('Error al agendar', {
        description: errorMessage(err) || 'No fue posible crear la cita',
        ...DIALOG_TOAST,
      });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <HandIcon className="size-5 text-primary" aria-hidden />
          Cita Manual
        </DialogTitle>
        <DialogDescription>
          Agenda de {agenda.doctor_name}, {range.start} a {range.end}.
        </DialogDescription>
      </DialogHeader>
      <section className="grid gap-2" aria-label="Paciente">
        <h3 className="text-sm font-semibold">Paciente</h3>
        <PatientPicker
          idPrefix="manual"
          value={choice}
          onChange={setChoice}
          errors={patientErrors}
          autoFocus
        />
      </section>
      <section className="grid gap-2" aria-label="Fecha y hora">
        <h3 className="text-sm font-semibold">Fecha y hora</h3>
        <ManualScheduleFields
          agenda={agenda}
          time={time}
          duration={duration}
          onTime={(v) => {
            setTime(v);
            setTimeError(undefined);
          }}
          onDuration={setDuration}
          onSuggest={() => void suggest(true)}
          suggesting={suggester.pending || detail.isPending}
          timeError={timeError}
        />
        <DesiredDateField id="manual-desired-date" value={desiredDate} onChange={setDesiredDate} />
      </section>
      {conflict && conflicts.data && <ConflictBanner result={conflicts.data} />}
      <section className="grid gap-2" aria-label="Detalles de la cita">
        <h3 className="text-sm font-semibold">Detalles de la cita</h3>
        <AppointmentDetailFields
          idPrefix="manual"
          value={details}
          onChange={setDetails}
          showDuration={false}
          reasonRequired={false}
        />
      </section>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <SubmitButton onClick={() => void submit()} disabled={busy || conflict}>
          {busy && <Loader2Icon className="animate-spin" aria-hidden />}
          {busy ? 'Agendando…' : 'Agendar Cita'}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}
