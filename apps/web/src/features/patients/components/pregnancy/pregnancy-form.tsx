import { useId, useState, type FormEvent } from 'react';
import { Loader2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { formatDate, localDate } from '@ips/shared/format';
import { expectedDueDate } from '@ips/shared/schemas/pregnancies';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useRegisterPregnancy } from '@/features/patients/api/pregnancy-api';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';

/** Registers a pregnancy: FUM required (not in the future), FPP shown as FUM + 280 days. */
export function PregnancyForm({
  patientId,
  timezone,
  onCancel,
  onDone,
}: {
  patientId: number;
  timezone: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const register = useRegisterPregnancy();
  const [startDate, setStartDate] = useState('');
  const [highRisk, setHighRisk] = useState(false);
  const [riskFactors, setRiskFactors] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = localDate(new Date(), timezone);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(startDate);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!validDate) {
      setErrors({ start_date: 'La fecha de inicio (FUM) es obligatoria' });
      return;
    }
    if (startDate > today) {
      setErrors({ start_date: 'La fecha de inicio (FUM) no puede ser futura' });
      return;
    }
    setErrors({});
    void register
      .mutateAsync({
        patient_id: patientId,
        start_date: startDate,
        high_risk: highRisk,
        risk_factors: highRisk ? riskFactors : null,
        notes,
      })
      .then(
        () => {
          toast.success('Embarazo registrado', {
            description: `FPP: ${formatDate(expectedDueDate(startDate))}`,
          });
          onDone();
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.errors) {
            setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.join('. ')])));
          }
          toast.error('No se pudo registrar el embarazo', {
            description: errorMessage(err),
            ...DIALOG_TOAST,
          });
        },
      );
  }

  const err = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-xs font-medium text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border p-4"
      aria-label="Registrar embarazo"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-fum`}>
            Fecha de última menstruación (FUM)
            <span className="text-destructive" aria-hidden>
              *
            </span>
          </Label>
          <DateInput
            id={`${id}-fum`}
            value={startDate}
            max={today}
            onChange={(e) => setStartDate(e.target.value)}
            aria-required
            aria-invalid={errors.start_date ? true : undefined}
            aria-describedby={errors.start_date ? `${id}-start_date-error` : undefined}
          />
          {err('start_date')}
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium">Fecha probable de parto (FPP)</p>
          <p className="flex h-10 items-center rounded-md border bg-muted/50 px-3 text-sm" aria-live="polite">
            {validDate ? formatDate(expectedDueDate(startDate)) : 'Se calcula con la FUM (+280 días)'}
          </p>
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
        <Label htmlFor={`${id}-risk`}>Embarazo de alto riesgo</Label>
        <Switch id={`${id}-risk`} checked={highRisk} onCheckedChange={setHighRisk} />
      </div>
      {highRisk && (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-factors`}>Factores de riesgo</Label>
          <Textarea
            id={`${id}-factors`}
            value={riskFactors}
            maxLength={500}
            rows={2}
            onChange={(e) => setRiskFactors(e.target.value)}
            placeholder="Ej. hipertensión, diabetes gestacional, edad materna avanzada"
          />
          {err('risk_factors')}
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-notes`}>Notas</Label>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={1000}
          rows={2}
          onChange={(e) => setNotes(e.target.value)}
        />
        {err('notes')}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={register.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!validDate || register.isPending}>
          {register.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {register.isPending ? 'Registrando...' : 'Registrar Embarazo'}
        </Button>
      </div>
    </form>
  );
}
