import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Loader2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { localDate } from '@ips/shared/format';
import { createPrenatalControlBody } from '@ips/shared/schemas/pregnancies';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAddPrenatalControl, type Pregnancy } from '@/features/patients/api/pregnancy-api';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';

type Field =
  'control_date' | 'gestational_weeks' | 'weight_kg' | 'blood_pressure' | 'fetal_heart_rate' | 'notes';

const LABELS: Record<Field, string> = {
  control_date: 'Fecha del control',
  gestational_weeks: 'Semanas de gestación',
  weight_kg: 'Peso (kg)',
  blood_pressure: 'Presión arterial',
  fetal_heart_rate: 'Frecuencia cardiaca fetal (lpm)',
  notes: 'Notas',
};

/** One prenatal control: date between the FUM and today, weight and blood pressure required. */
export function PrenatalControlForm({
  pregnancy,
  timezone,
  onCancel,
  onDone,
}: {
  pregnancy: Pregnancy;
  timezone: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const add = useAddPrenatalControl();
  const today = localDate(new Date(), timezone);
  const [values, setValues] = useState<Record<Field, string>>({
    control_date: today,
    gestational_weeks: '',
    weight_kg: '',
    blood_pressure: '',
    fetal_heart_rate: '',
    notes: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = { pregnancy_id: pregnancy.id, ...values, fetal_heart_rate: values.fetal_heart_rate || null };
    const parsed = createPrenatalControlBody.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    void add.mutateAsync(body).then(
      () => {
        toast.success('Control prenatal registrado');
        onDone();
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.errors) {
          setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.join('. ')])));
        }
        toast.error('No se pudo registrar el control prenatal', {
          description: errorMessage(err),
          ...DIALOG_TOAST,
        });
      },
    );
  }

  const field = (name: Field, input: ReactNode, wide = false) => (
    <div className={wide ? 'space-y-1.5 sm:col-span-3' : 'space-y-1.5'}>
      <Label htmlFor={`${id}-${name}`}>{LABELS[name]}</Label>
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-xs font-medium text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const aria = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border p-4"
      aria-label="Nuevo control prenatal"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {field(
          'control_date',
          <DateInput
            value={values.control_date}
            min={pregnancy.start_date}
            max={today}
            onChange={set('control_date')}
            {...aria('control_date')}
          />,
        )}
        {field(
          'gestational_weeks',
          <Input
            inputMode="numeric"
            value={values.gestational_weeks}
            onChange={set('gestational_weeks')}
            placeholder="Automático"
            {...aria('gestational_weeks')}
          />,
        )}
        {field(
          'weight_kg',
          <Input
            inputMode="decimal"
            value={values.weight_kg}
            onChange={set('weight_kg')}
            placeholder="Ej. 62,5"
            {...aria('weight_kg')}
          />,
        )}
        {field(
          'blood_pressure',
          <Input
            value={values.blood_pressure}
            onChange={set('blood_pressure')}
            placeholder="120/80"
            {...aria('blood_pressure')}
          />,
        )}
        {field(
          'fetal_heart_rate',
          <Input
            inputMode="numeric"
            value={values.fetal_heart_rate}
            onChange={set('fetal_heart_rate')}
            placeholder="Ej. 140"
            {...aria('fetal_heart_rate')}
          />,
        )}
        {field(
          'notes',
          <Textarea
            rows={2}
            maxLength={1000}
            value={values.notes}
            onChange={set('notes')}
            {...aria('notes')}
          />,
          true,
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={add.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {add.isPending ? 'Guardando...' : 'Guardar control'}
        </Button>
      </div>
    </form>
  );
}
