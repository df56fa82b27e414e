import { useForm } from 'react-hook-form';
import { ArrowLeftIcon, Loader2Icon, ZapIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCreatePatient } from '@/features/patients/api/patient-mutations';
import { TextField } from '@/features/patients/components/form-controls';
import {
  applyServerErrors,
  PHONE_HINT,
  quickPatientResolver,
  type QuickPatientOutput,
  type QuickPatientValues,
} from '@/features/patients/utils/patient-form-values';
import { toastServerError } from '@/features/patients/utils/server-error-toast';

/** Registro Rápido: document, name and phone; the rest can be completed later with Editar. */
export function PatientQuickForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const create = useCreatePatient();
  const form = useForm<QuickPatientValues, unknown, QuickPatientOutput>({
    resolver: quickPatientResolver,
    mode: 'onTouched',
    defaultValues: { document: '', name: '', phone: '' },
  });

  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (p) => {
        toast.success('Paciente creado', { description: `Se registró a ${p.name} exitosamente.` });
        onDone();
      },
      (err: unknown) => toastServerError('Error al crear paciente', err, applyServerErrors(form, err)),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ZapIcon className="size-5 text-primary" aria-hidden />
          Registro Rápido
        </DialogTitle>
        <DialogDescription>
          Documento, nombre y teléfono. Podrá completar los demás datos después.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField
          form={form}
          name="document"
          label="Número de documento"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          autoFocus
          placeholder="Solo números"
        />
        <TextField
          form={form}
          name="name"
          label="Nombre completo"
          required
          autoComplete="off"
          maxLength={100}
          placeholder="Nombres y apellidos"
        />
        <TextField
          form={form}
          name="phone"
          label="Teléfono"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="Ej. 3001234567"
          hint={PHONE_HINT}
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={create.isPending}>
          <ArrowLeftIcon aria-hidden />
          Volver
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {create.isPending ? 'Guardando...' : 'Registrar Paciente'}
        </Button>
      </DialogFooter>
    </form>
  );
}
