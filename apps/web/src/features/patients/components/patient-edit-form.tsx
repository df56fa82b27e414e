import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Loader2Icon, PencilIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { PatientForm } from '@ips/shared/schemas/patients';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EDIT_LOAD_DELAY_MS, usePatient } from '@/features/patients/api/get-patient';
import { useUpdatePatient } from '@/features/patients/api/patient-mutations';
import { ContactSection, InsuranceSection } from '@/features/patients/components/patient-contact-sections';
import {
  DemographicSection,
  MedicalSection,
  PersonalSection,
} from '@/features/patients/components/patient-form-sections';
import { documentLabel } from '@/features/patients/utils/patient-display';
import {
  applyServerErrors,
  patientResolverAt,
  toFormValues,
  type PatientFormValues,
} from '@/features/patients/utils/patient-form-values';
import { toastServerError } from '@/features/patients/utils/server-error-toast';
import { PregnancyPanel } from '@/features/patients/components/pregnancy/pregnancy-panel';
import { errorMessage } from '@/lib/error-toast';

interface EditProps {
  patientId: number;
  timezone: string;
  onCancel: () => void;
  onDone: () => void;
}

/** Editar Paciente: every section at once, loaded from the server after a 200 ms pause. */
export function PatientEditForm({ patientId, timezone, onCancel, onDone }: EditProps) {
  const patient = usePatient(patientId, { delayMs: EDIT_LOAD_DELAY_MS });

  useEffect(() => {
    if (patient.error)
      toast.error('Error al cargar datos del paciente', {
        description: 'No se pudieron cargar los datos del paciente',
      });
  }, [patient.error]);

  if (patient.isPending)
    return (
      <div className="grid gap-5">
        <Header />
        <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label="Cargando datos del paciente">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </div>
    );
  if (patient.isError)
    return (
      <div className="grid gap-5">
        <Header />
        <Alert variant="destructive" role="alert">
          <AlertTitle>Error al cargar datos del paciente</AlertTitle>
          <AlertDescription>{errorMessage(patient.error)}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cerrar
          </Button>
        </DialogFooter>
      </div>
    );
  return <LoadedEditForm patient={patient.data} timezone={timezone} onCancel={onCancel} onDone={onDone} />;
}

function Header({ patient }: { patient?: PatientDto }) {
  return (
    <DialogHeader>
      <DialogTitle className="flex items-center gap-2">
        <PencilIcon className="size-5 text-primary" aria-hidden />
        Editar Paciente
      </DialogTitle>
      <DialogDescription>
        {patient ? `${patient.name} · ${documentLabel(patient)}` : 'Cargando datos del paciente...'}
      </DialogDescription>
    </DialogHeader>
  );
}

function LoadedEditForm({
  patient,
  timezone,
  onCancel,
  onDone,
}: Omit<EditProps, 'patientId'> & { patient: PatientDto }) {
  const formId = useId();
  const update = useUpdatePatient();
  const [resolver] = useState(() => patientResolverAt(timezone));
  const form = useForm<PatientFormValues, unknown, PatientForm>({
    resolver,
    mode: 'onChange',
    defaultValues: toFormValues(patient),
  });

  const submit = form.handleSubmit((values) =>
    update.mutateAsync({ id: patient.id, body: values }).then(
      (p) => {
        toast.success('Paciente actualizado', { description: `Los datos de ${p.name} se guardaron.` });
        onDone();
      },
      (err: unknown) => toastServerError('Error al actualizar paciente', err, applyServerErrors(form, err)),
    ),
  );

  return (
    <div className="flex min-h-0 flex-col gap-4">
      <Header patient={patient} />
      <div className="-mx-6 min-h-0 flex-1 space-y-8 overflow-y-auto px-6 pb-2">
        <form id={formId} onSubmit={submit} noValidate className="space-y-8">
          <PersonalSection form={form} timezone={timezone} />
          <ContactSection form={form} municipalityName={patient.municipality_name} />
          <MedicalSection form={form} />
          <InsuranceSection form={form} />
          <DemographicSection form={form} />
        </form>
        {patient.gender === 'Femenino' && <PregnancyPanel patientId={patient.id} timezone={timezone} />}
      </div>
      <DialogFooter className="border-t pt-4">
        <Button variant="outline" onClick={onCancel} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" form={formId} disabled={update.isPending}>
          {update.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {update.isPending ? 'Actualizando...' : 'Actualizar'}
        </Button>
      </DialogFooter>
    </div>
  );
}
