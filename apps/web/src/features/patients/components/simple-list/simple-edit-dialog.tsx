import { useForm } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Patient } from '@/features/patients/api/get-patients';
import { useUpdatePatient } from '@/features/patients/api/patient-mutations';
import { TextareaField, TextField } from '@/features/patients/components/form-controls';
import { documentLabel } from '@/features/patients/utils/patient-display';
import {
  applyServerErrors,
  simpleEditResolver,
  type SimpleEditOutput,
  type SimpleEditValues,
} from '@/features/patients/utils/patient-form-values';
import { errorMessage } from '@/lib/error-toast';

export function SimpleEditDialog({
  patient,
  onOpenChange,
}: {
  patient: Patient | null;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={patient !== null} onOpenChange={onOpenChange}>
      {patient && <SimpleEditBody key={patient.id} patient={patient} close={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SimpleEditBody({ patient: p, close }: { patient: Patient; close: () => void }) {
  const update = useUpdatePatient();
  const form = useForm<SimpleEditValues, unknown, SimpleEditOutput>({
    resolver: simpleEditResolver,
    mode: 'onTouched',
    defaultValues: {
      name: p.name,
      phone: p.phone ?? '',
      email: p.email ?? '',
      address: p.address ?? '',
      allergies: p.allergies ?? '',
      medical_conditions: p.medical_conditions ?? '',
      emergency_contact_name: p.emergency_contact_name ?? '',
      emergency_contact_phone: p.emergency_contact_phone ?? '',
    },
  });

  const submit = form.handleSubmit((body) =>
    update.mutateAsync({ id: p.id, body }).then(
      () => {
        toast.success('Paciente actualizado exitosamente');
        close();
      },
      (err: unknown) => {
        applyServerErrors(form, err);
        toast.error('Error al actualizar paciente', { description: errorMessage(err), ...DIALOG_TOAST });
      },
    ),
  );

  return (
    <DialogContent
      className="flex max-h-[92svh] max-w-2xl flex-col"
      onInteractOutside={(e) => e.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Editar Paciente</DialogTitle>
        <DialogDescription>{documentLabel(p)}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col gap-4">
        <div className="-mx-6 grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-y-auto px-6 pb-1 sm:grid-cols-2">
          <TextField
            form={form}
            name="name"
            label="Nombre completo"
            required
            className="sm:col-span-2"
            maxLength={100}
          />
          <TextField form={form} name="phone" label="Teléfono" type="tel" />
          <TextField form={form} name="email" label="Correo electrónico" type="email" maxLength={100} />
          <TextField form={form} name="address" label="Dirección" className="sm:col-span-2" maxLength={200} />
          <TextareaField form={form} name="allergies" label="Alergias" rows={2} maxLength={500} />
          <TextareaField
            form={form}
            name="medical_conditions"
            label="Condiciones médicas"
            rows={2}
            maxLength={500}
          />
          <TextField
            form={form}
            name="emergency_contact_name"
            label="Contacto de emergencia"
            maxLength={100}
          />
          <TextField form={form} name="emergency_contact_phone" label="Teléfono de emergencia" type="tel" />
        </div>
        <DialogFooter className="border-t pt-4">
          <Button variant="outline" onClick={close} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {update.isPending ? 'Guardando...' : 'Guardar Cambios'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
