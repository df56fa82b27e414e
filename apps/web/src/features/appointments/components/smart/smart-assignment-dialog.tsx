/**
 * Asignación Inteligente de Citas (spec §2 "Smart assignment dialog", §5 "Smart assignment").
 *
 * Props:
 * - `open`, `onOpenChange(open)`: a controlled dialog (the 'Nueva Cita' buttons open it).
 * - `onAssigned?(result)`: after the server answered with an appointment or a queue entry.
 *
 * Patient by search or new (document, name, phone); specialty required, location and doctor optional; with a
 * doctor, a date and time slot from the doctor's calendar; reason and notes. The result view offers
 * 'Crear Otra Cita' and Cerrar. One Idempotency-Key per opening (renewed by 'Crear Otra Cita').
 *
 * Keyboard: the patient search has the focus; Enter picks the only match and goes on to Especialidad, which
 * filters by what is typed (the user's last specialty first); Ctrl+Enter assigns from anywhere; the result view
 * focuses 'Crear Otra Cita' (Enter: the next booking, back in the search) and Escape closes, back to the opener.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon, SparklesIcon } from 'lucide-react';
import { SMART_ASSIGN_MESSAGES } from '@ips/shared/schemas/smart-assign';
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
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';
import { availabilityKeys } from '@/features/appointments/api/appointment-keys';
import { useSmartAssign, type SmartAssignResult } from '@/features/appointments/api/smart-assign';
import {
  AppointmentDetailFields,
  DEFAULT_DETAILS,
  detailsPayload,
} from '@/features/appointments/components/appointment-detail-fields';
import { EMPTY_NEW_PATIENT } from '@/features/appointments/components/new-patient-fields';
import { PatientPicker, type PatientChoice } from '@/features/appointments/components/patient-picker';
import {
  DEFAULT_PREFERENCES,
  SmartPreferencesFields,
} from '@/features/appointments/components/smart/smart-preferences';
import {
  SlotPicker,
  useDoctorDays,
  type PickedSlot,
} from '@/features/appointments/components/smart/slot-picker';
import { SmartResult } from '@/features/appointments/components/smart/smart-result';
import { useLastSpecialty } from '@/features/appointments/components/smart/use-last-specialty';
import { useBookingKey } from '@/features/appointments/hooks/use-booking-key';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import { useResolvePatient } from '@/features/appointments/hooks/use-resolve-patient';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';

interface SmartAssignmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAssigned?: (result: SmartAssignResult) => void;
}

export function SmartAssignmentDialog({ open, onOpenChange, onAssigned }: SmartAssignmentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        {open && <SmartAssignmentBody onClose={() => onOpenChange(false)} onAssigned={onAssigned} />}
      </DialogContent>
    </Dialog>
  );
}

const EMPTY_CHOICE: PatientChoice = { mode: 'search', patient: null, newPatient: EMPTY_NEW_PATIENT };

function SmartAssignmentBody({
  onClose,
  onAssigned,
}: {
  onClose: () => void;
  onAssigned?: (result: SmartAssignResult) => void;
}) {
  const { today, nowMinutes } = useOrgClock();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<PatientChoice>(EMPTY_CHOICE);
  const [prefs, setPrefs] = useState(DEFAULT_PREFERENCES);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [details, setDetails] = useState(DEFAULT_DETAILS);
  const [patientErrors, setPatientErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SmartAssignResult | null>(null);
  const [lastSpecialty, rememberSpecialty] = useLastSpecialty();
  const again = useRef<HTMLButtonElement>(null);
  const booking = useBookingKey(true);
  const patients = useResolvePatient();
  const assign = useSmartAssign();

  const specialtyId = Number(prefs.specialty_id) || 0;
  const doctorId = Number(prefs.doctor_id) || 0;
  const locationId = Number(prefs.location_id) || null;
  const doctorDays = useDoctorDays({ doctorId, specialtyId, locationId, today, nowMinutes });
  // A chosen block that is no longer offered (it ended while the dialog was open) is not kept as the choice.
  const slotGone =
    slot !== null &&
    !doctorDays.isPending &&
    !doctorDays.days.some(
      (d) => d.date === slot.date && d.time_slots.some((s) => s.availability_id === slot.availability_id),
    );
  useEffect(() => {
    if (slotGone) setSlot(null);
  }, [slotGone]);
  // The form's focused field is gone with it: the result's first action takes the focus, so Enter and Escape work.
  useEffect(() => {
    if (result) again.current?.focus();
  }, [result]);
  const hasPatient =
    choice.mode === 'search'
      ? choice.patient !== null
      : choice.newPatient.document.trim() !== '' && choice.newPatient.name.trim() !== '';
  const busy = patients.isPending || assign.isPending;

  const reset = () => {
    setChoice(EMPTY_CHOICE);
    setPrefs(DEFAULT_PREFERENCES);
    setSlot(null);
    setDetails(DEFAULT_DETAILS);
    setPatientErrors({});
    setResult(null);
    booking.renew();
  };

  const submit = async () => {
    if (doctorId && doctorDays.days.length > 0 && !slot) {
      toast.error('Error', { description: SMART_ASSIGN_MESSAGES.pickSlot, ...DIALOG_TOAST });
      return;
    }
    try {
      const resolved = await patients.resolve(choice);
      if (!resolved.ok) {
        setPatientErrors(resolved.fieldErrors);
        toast.error('Campos incompletos', { description: resolved.messages.join('. '), ...DIALOG_TOAST });
        return;
      }
      setPatientErrors({});
      // A retry after a failed assignment must not register the new patient a second time.
      if (resolved.created)
        setChoice({ mode: 'search', patient: resolved.patient, newPatient: EMPTY_NEW_PATIENT });
      const d = detailsPayload(details);
      const out = await assign.mutateAsync({
        key: booking.key,
        body: {
          patient_id: resolved.patient.id,
          specialty_id: specialtyId,
          location_id: locationId,
          preferred_doctor_id: doctorId || null,
          urgency_level: prefs.urgency_level,
          appointment_type: d.appointment_type,
          reason: d.reason || null,
          notes: d.notes,
          insurance_type: d.insurance_type,
          preferred_time_slots: slot ? [slot] : !doctorId && prefs.day_part ? [prefs.day_part] : undefined,
          desired_date: prefs.desired_date || null,
        },
      });
      setResult(out);
      rememberSpecialty(String(specialtyId));
      if (out.assignment_type === 'appointment') toast.success(SMART_ASSIGN_MESSAGES.assigned);
      else {
        // The server's words once ('Agregado a cola de espera', or that the patient already waits), then the detail.
        const q = out.queue_entry;
        toast.info(out.message || SMART_ASSIGN_MESSAGES.queued, {
          description: q
            ? `${q.patient_name} · posición ${q.position ?? '—'} en ${q.specialty_name}`
            : undefined,
        });
      }
      onAssigned?.(out);
    } catch (err) {
      // The chosen block can no longer be booked (it has passed or filled up meanwhile): the server says why;
      // the choice is cleared and the doctor's calendar read again, so another time can be picked.
      if (err instanceof ApiError && err.status === 409 && slot) {
        setSlot(null);
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      }
      toast.error(SMART_ASSIGN_MESSAGES.failed, { description: errorMessage(err), ...DIALOG_TOAST });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <SparklesIcon className="size-5 text-primary" aria-hidden />
          Asignación Inteligente de Citas
        </DialogTitle>
        <DialogDescription>
          Se asigna el primer cupo libre que cumpla las preferencias; si no hay, el paciente pasa a la cola de
          espera.
        </DialogDescription>
      </DialogHeader>

      {result ? (
        <SmartResult result={result} />
      ) : (
        <div className="grid gap-5">
          <section className="grid gap-2" aria-label="Paciente">
            <h3 className="text-sm font-semibold">Paciente</h3>
            <PatientPicker
              idPrefix="smart"
              value={choice}
              onChange={setChoice}
              errors={patientErrors}
              autoFocus
            />
          </section>
          <section className="grid gap-2" aria-label="Preferencias">
            <h3 className="text-sm font-semibold">Preferencias</h3>
            <SmartPreferencesFields
              value={prefs}
              lastSpecialty={lastSpecialty}
              onChange={(next) => {
                if (next.doctor_id !== prefs.doctor_id || next.specialty_id !== prefs.specialty_id)
                  setSlot(null);
                setPrefs(next);
              }}
            />
          </section>
          {doctorId > 0 && specialtyId > 0 && (
            <section className="grid gap-2" aria-label="Fecha y horario">
              <h3 className="text-sm font-semibold">Fecha y horario</h3>
              <SlotPicker
                key={`${doctorId}-${specialtyId}-${locationId}`}
                doctorId={doctorId}
                specialtyId={specialtyId}
                locationId={locationId}
                today={today}
                nowMinutes={nowMinutes}
                value={slot}
                onChange={setSlot}
              />
            </section>
          )}
          <section className="grid gap-2" aria-label="Motivo y notas">
            <h3 className="text-sm font-semibold">Motivo y notas</h3>
            <AppointmentDetailFields
              idPrefix="smart"
              value={details}
              onChange={setDetails}
              showDuration={false}
              reasonRequired={false}
            />
          </section>
        </div>
      )}

      <DialogFooter>
        {result ? (
          <>
            <Button ref={again} variant="outline" onClick={reset}>
              Crear Otra Cita
            </Button>
            <Button onClick={onClose}>Cerrar</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <SubmitButton onClick={() => void submit()} disabled={busy || !hasPatient || !specialtyId}>
              {busy && <Loader2Icon className="animate-spin" aria-hidden />}
              {busy ? 'Asignando…' : 'Asignar Cita'}
            </SubmitButton>
          </>
        )}
      </DialogFooter>
    </>
  );
}
