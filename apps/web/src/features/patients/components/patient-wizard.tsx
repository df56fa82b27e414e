import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, ClipboardListIcon, Loader2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import type { PatientForm } from '@ips/shared/schemas/patients';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { useCreatePatient } from '@/features/patients/api/patient-mutations';
import { ContactSection, InsuranceSection } from '@/features/patients/components/patient-contact-sections';
import {
  DemographicSection,
  MedicalSection,
  PersonalSection,
} from '@/features/patients/components/patient-form-sections';
import {
  applyServerErrors,
  EMPTY_PATIENT,
  patientResolverAt,
  WIZARD_STEP_FIELDS,
  WIZARD_STEP_TITLES,
  type PatientFormValues,
} from '@/features/patients/utils/patient-form-values';
import { toastServerError } from '@/features/patients/utils/server-error-toast';
import { cn } from '@/lib/utils';

const LAST = WIZARD_STEP_TITLES.length - 1;

/** Registro Completo: five steps; Siguiente validates the step before moving on. */
export function PatientWizard({
  onBack,
  onDone,
  timezone,
}: {
  onBack: () => void;
  onDone: () => void;
  timezone: string;
}) {
  const [step, setStep] = useState(0);
  const create = useCreatePatient();
  const [resolver] = useState(() => patientResolverAt(timezone));
  const form = useForm<PatientFormValues, unknown, PatientForm>({
    resolver,
    mode: 'onChange',
    defaultValues: EMPTY_PATIENT,
  });

  async function next() {
    const fields = WIZARD_STEP_FIELDS[step] ?? [];
    if (fields.length > 0 && !(await form.trigger(fields, { shouldFocus: true }))) {
      toast.error('Campos incompletos', {
        description: 'Por favor complete los campos requeridos antes de continuar',
        ...DIALOG_TOAST,
      });
      return;
    }
    setStep((s) => Math.min(s + 1, LAST));
  }

  const save = form.handleSubmit(
    (values) =>
      create.mutateAsync(values).then(
        (p) => {
          toast.success('Paciente creado', { description: `Se registró a ${p.name} exitosamente.` });
          onDone();
        },
        (err: unknown) => {
          const lines = applyServerErrors(form, err);
          const errored = Object.keys(form.formState.errors);
          const at = WIZARD_STEP_FIELDS.findIndex((f) => f.some((name) => errored.includes(name)));
          if (at >= 0) setStep(at);
          toastServerError('Error al crear paciente', err, lines);
        },
      ),
    (errors) => {
      // An earlier step became invalid (the server is not asked): show that step.
      const at = WIZARD_STEP_FIELDS.findIndex((f) => f.some((name) => name in errors));
      if (at >= 0) setStep(at);
      toast.error('Campos incompletos', {
        description: 'Por favor complete los campos requeridos antes de continuar',
        ...DIALOG_TOAST,
      });
    },
  );

  return (
    <form
      noValidate
      className="flex min-h-0 flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        // Enter in a field moves forward; only the last step saves.
        if (step < LAST) void next();
        else void save(e);
      }}
    >
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ClipboardListIcon className="size-5 text-primary" aria-hidden />
          Registro Completo
        </DialogTitle>
        <DialogDescription>
          Paso {step + 1} de {WIZARD_STEP_TITLES.length}: {WIZARD_STEP_TITLES[step]}
        </DialogDescription>
      </DialogHeader>

      <div className="space-y-3">
        <Progress
          value={((step + 1) / WIZARD_STEP_TITLES.length) * 100}
          aria-label={`Progreso del registro: paso ${step + 1} de ${WIZARD_STEP_TITLES.length}`}
        />
        <ol className="grid grid-cols-5 gap-1 text-center text-[0.6875rem] sm:text-xs">
          {WIZARD_STEP_TITLES.map((title, i) => (
            <li
              key={title}
              aria-current={i === step ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-1',
                i === step ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-xs',
                  i < step && 'border-primary bg-primary text-primary-foreground',
                  i === step && 'border-primary text-primary',
                )}
                aria-hidden
              >
                {i < step ? <CheckIcon className="size-3.5" /> : i + 1}
              </span>
              <span className="truncate">{title}</span>
            </li>
          ))}
        </ol>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-0.5 pb-1">
        {step === 0 && <PersonalSection form={form} timezone={timezone} />}
        {step === 1 && <ContactSection form={form} />}
        {step === 2 && <MedicalSection form={form} />}
        {step === 3 && <InsuranceSection form={form} />}
        {step === 4 && <DemographicSection form={form} />}
      </div>

      <DialogFooter className="border-t pt-4">
        <Button
          variant="outline"
          onClick={() => (step === 0 ? onBack() : setStep(step - 1))}
          disabled={create.isPending}
        >
          <ArrowLeftIcon aria-hidden />
          {step === 0 ? 'Volver' : 'Anterior'}
        </Button>
        {/* Distinct keys: React must not turn the clicked Siguiente into the submit button while the click is
            still being dispatched (the browser would then submit the form on the step-4 click). */}
        {step < LAST ? (
          <Button key="next" type="button" onClick={() => void next()}>
            Siguiente
            <ArrowRightIcon aria-hidden />
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={create.isPending}>
            {create.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {create.isPending ? 'Guardando...' : 'Registrar Paciente'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
