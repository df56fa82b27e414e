import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatDate } from '@ips/shared/format';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { DistributionEntry } from '@/features/agendas/api/distributions';
import { useSetAssigned } from '@/features/agendas/api/agenda-mutations';
import { FormDialog } from '@/components/form-dialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entry: DistributionEntry;
}

/** Part 2 §5 "Assigned slots": an integer from 0 to the quota; Save is disabled outside that. */
export function QuotaEditDialog({ open, onOpenChange, entry }: Props) {
  const [value, setValue] = useState(String(entry.assigned));
  const save = useSetAssigned();
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= entry.quota;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    save.mutate(
      { id: entry.distribution_id, assigned: n },
      {
        onSuccess: (r) => {
          toast.success(r.message ?? 'Cupos asignados actualizados');
          onOpenChange(false);
        },
        onError: (err) =>
          toast.error('No se pudieron actualizar los cupos asignados', { description: err.message }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar cupos asignados"
      description={`${entry.doctor_name} · ${entry.specialty_name} · ${formatDate(entry.day_date)}`}
      submitLabel="Guardar"
      pending={save.isPending}
      submitDisabled={!valid}
      onSubmit={submit}
    >
      <Field
        id="quota-assigned"
        label="Cupos asignados"
        required
        error={valid ? undefined : `Ingrese un número entero entre 0 y ${entry.quota}`}
        hint={`Cuota del día: ${entry.quota}`}
      >
        <Input
          id="quota-assigned"
          type="number"
          min={0}
          max={entry.quota}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <p className="text-sm" aria-live="polite">
        Disponibles: <strong>{valid ? entry.quota - n : '—'}</strong> de {entry.quota}
      </p>
    </FormDialog>
  );
}
