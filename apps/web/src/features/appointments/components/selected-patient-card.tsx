import { UserCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PatientOption } from '@/features/appointments/api/patients';

/** The chosen patient with 'Cambiar paciente', which goes back to the search. */
export function SelectedPatientCard({ patient, onChange }: { patient: PatientOption; onChange: () => void }) {
  return (
    <div
      className="flex items-center gap-3 rounded-lg border border-success/30 bg-success/5 p-3"
      data-testid="selected-patient"
    >
      <UserCheckIcon className="size-5 shrink-0 text-success" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-semibold">{patient.name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {patient.document_type} {patient.document}
          {patient.phone ? ` · ${patient.phone}` : ''}
          {patient.eps_name ? ` · ${patient.eps_name}` : ''}
          {patient.age !== null ? ` · ${patient.age} años` : ''}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onChange}>
        Cambiar paciente
      </Button>
    </div>
  );
}
