import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';

/**
 * 'Fecha deseada por el paciente' (Res. 256 de 2016, decision 032): the day the patient asked for, optional. The
 * oportunidad indicators measure from it as well as from the request (the booking's own time).
 */
export function DesiredDateField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        Fecha deseada por el paciente <span className="font-normal text-muted-foreground">(opcional)</span>
      </Label>
      <DateInput
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        // Optional and rarely asked: moving on from the patient goes past it to the fields a booking needs.
        data-focus-skip=""
        className="sm:max-w-56"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        El día que el paciente pidió; sirve para medir la oportunidad de la atención.
      </p>
    </div>
  );
}
