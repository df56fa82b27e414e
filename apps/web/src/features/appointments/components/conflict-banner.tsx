import { TriangleAlertIcon } from 'lucide-react';
import { BOOKING_MESSAGES } from '@ips/shared/schemas/appointment-booking';
import type { ConflictResult } from '@/features/appointments/api/get-conflicts';
import { timeOf } from '@/features/appointments/utils/scheduled-at';

const KIND: Record<string, string> = { doctor: 'Doctor', patient: 'Paciente', room: 'Sala' };

/** Spec §8: the schedule conflict banner warns of an overlap with the doctor, the patient or the room. */
export function ConflictBanner({ result }: { result: ConflictResult }) {
  if (!result.conflict) return null;
  const kinds = [
    result.doctor_conflict && 'el doctor',
    result.patient_conflict && 'el paciente',
    result.room_conflict && 'la sala',
  ].filter(Boolean);
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
      data-testid="conflict-banner"
    >
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {BOOKING_MESSAGES.overlap}
      </p>
      {kinds.length > 0 && <p className="text-xs">Se cruza con {kinds.join(', ')}.</p>}
      {result.items.length > 0 && (
        <ul className="grid gap-1 text-xs text-foreground">
          {result.items.slice(0, 5).map((i) => (
            <li key={`${i.type}-${i.id}`}>
              <span className="font-medium">{KIND[i.type] ?? i.type}:</span> {timeOf(i.scheduled_at)}–
              {timeOf(i.ends_at)} · {i.patient_name} con {i.doctor_name} ({i.status})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
