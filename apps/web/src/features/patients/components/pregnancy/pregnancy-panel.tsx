import { useState } from 'react';
import { BabyIcon, PlusIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivePregnancy } from '@/features/patients/api/pregnancy-api';
import { ActivePregnancyCard } from '@/features/patients/components/pregnancy/active-pregnancy-card';
import { PregnancyForm } from '@/features/patients/components/pregnancy/pregnancy-form';
import { PrenatalControls } from '@/features/patients/components/pregnancy/prenatal-controls';
import { errorMessage } from '@/lib/error-toast';

/** Prenatal follow-up of a female patient, in the edit dialog (spec §2 "Pregnancy panel"). */
export function PregnancyPanel({ patientId, timezone }: { patientId: number; timezone: string }) {
  const active = useActivePregnancy(patientId);
  const [registering, setRegistering] = useState(false);

  let body;
  if (active.isPending) body = <Skeleton className="h-32 w-full" />;
  else if (active.isError)
    body = (
      <Alert variant="destructive" role="alert">
        <AlertTitle>No se pudo cargar el embarazo</AlertTitle>
        <AlertDescription>{errorMessage(active.error)}</AlertDescription>
      </Alert>
    );
  else if (active.data)
    body = (
      <div className="space-y-4">
        <ActivePregnancyCard pregnancy={active.data} timezone={timezone} />
        <PrenatalControls pregnancy={active.data} timezone={timezone} />
      </div>
    );
  else if (registering)
    body = (
      <PregnancyForm
        patientId={patientId}
        timezone={timezone}
        onCancel={() => setRegistering(false)}
        onDone={() => setRegistering(false)}
      />
    );
  else
    body = (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-8 text-center">
        <BabyIcon className="size-9 text-muted-foreground" aria-hidden />
        <p className="mt-3 font-medium">Sin embarazo activo</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Registre la fecha de la última menstruación (FUM) para iniciar el seguimiento prenatal.
        </p>
        <Button className="mt-4" onClick={() => setRegistering(true)}>
          <PlusIcon aria-hidden />
          Registrar Embarazo
        </Button>
      </div>
    );

  return (
    <section aria-labelledby={`pregnancy-${patientId}`} className="space-y-3" data-testid="pregnancy-panel">
      <h3
        id={`pregnancy-${patientId}`}
        className="flex items-center gap-2 border-b pb-2 text-base font-semibold"
      >
        <BabyIcon className="size-4 text-primary" aria-hidden />
        Control de Embarazo
      </h3>
      {body}
    </section>
  );
}
