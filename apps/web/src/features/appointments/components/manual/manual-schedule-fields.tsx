import { LockIcon, Loader2Icon, WandSparklesIcon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TimeInput } from '@/components/ui/time-input';
import { Input } from '@/components/ui/input';
import type { AgendaRef } from '@/features/appointments/components/agenda-info-card';
import { durationChoices, durationLabel } from '@/features/appointments/components/appointment-detail-fields';
import { SimpleSelect } from '@/features/appointments/components/simple-select';
import { hhmm } from '@/features/appointments/utils/scheduled-at';

function Locked({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field id={id} label={label}>
      <div className="relative">
        <Input id={id} value={value} readOnly disabled className="pr-8" />
        <LockIcon
          className="absolute top-1/2 right-3 size-3.5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
      </div>
    </Field>
  );
}

/** From an agenda: date, doctor, specialty and location locked (spec §5); time and duration editable. */
export function ManualScheduleFields({
  agenda,
  time,
  duration,
  onTime,
  onDuration,
  onSuggest,
  suggesting,
  timeError,
}: {
  agenda: AgendaRef;
  time: string;
  duration: string;
  onTime: (v: string) => void;
  onDuration: (v: string) => void;
  onSuggest: () => void;
  suggesting: boolean;
  timeError?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Locked id="manual-date" label="Fecha" value={formatDate(agenda.date)} />
      <Locked id="manual-doctor" label="Doctor" value={agenda.doctor_name} />
      <Locked id="manual-specialty" label="Especialidad" value={agenda.specialty_name} />
      <Locked id="manual-location" label="Sede" value={agenda.location_name} />
      <Field
        id="manual-time"
        label="Hora"
        required
        error={timeError}
        hint={`Entre ${hhmm(agenda.start_time)} y ${hhmm(agenda.end_time)}`}
      >
        <div className="flex gap-2">
          <TimeInput
            id="manual-time"
            step={300}
            min={hhmm(agenda.start_time)}
            max={hhmm(agenda.end_time)}
            value={time}
            onChange={(e) => onTime(e.target.value)}
            aria-invalid={timeError ? true : undefined}
          />
          <Button type="button" variant="outline" onClick={onSuggest} disabled={suggesting}>
            {suggesting ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <WandSparklesIcon aria-hidden />
            )}
            Sugerir hora
          </Button>
        </div>
      </Field>
      <Field id="manual-duration" label="Duración (minutos)" required>
        <SimpleSelect
          id="manual-duration"
          value={duration}
          onChange={onDuration}
          options={durationChoices(agenda.duration_minutes).map((d) => ({
            value: String(d),
            label: durationLabel(d, agenda.duration_minutes),
          }))}
        />
      </Field>
    </div>
  );
}
