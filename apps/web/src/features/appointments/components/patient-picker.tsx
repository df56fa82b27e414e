import { UserPlusIcon, SearchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PatientOption } from '@/features/appointments/api/patients';
import { NewPatientFields, type NewPatient } from '@/features/appointments/components/new-patient-fields';
import { PatientSearch } from '@/features/appointments/components/patient-search';
import { SelectedPatientCard } from '@/features/appointments/components/selected-patient-card';

export interface PatientChoice {
  mode: 'search' | 'new';
  patient: PatientOption | null;
  newPatient: NewPatient;
}

/** An existing patient by search, or a new one by document, name and phone (manual and smart dialogs). */
export function PatientPicker({
  idPrefix,
  value,
  onChange,
  errors,
  autoFocus,
}: {
  idPrefix: string;
  /** The search takes the focus as it appears (on opening, and after 'Cambiar paciente'). */
  autoFocus?: boolean;
  value: PatientChoice;
  onChange: (next: PatientChoice) => void;
  errors?: Partial<Record<keyof NewPatient, string>>;
}) {
  if (value.mode === 'new')
    return (
      <div className="grid gap-2">
        <NewPatientFields
          idPrefix={idPrefix}
          value={value.newPatient}
          onChange={(newPatient) => onChange({ ...value, newPatient })}
          errors={errors}
        />
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={() => onChange({ ...value, mode: 'search' })}
        >
          <SearchIcon aria-hidden />
          Buscar un paciente registrado
        </Button>
      </div>
    );
  return (
    <div className="grid gap-2">
      {value.patient ? (
        <SelectedPatientCard patient={value.patient} onChange={() => onChange({ ...value, patient: null })} />
      ) : (
        <PatientSearch onSelect={(patient) => onChange({ ...value, patient })} autoFocus={autoFocus} />
      )}
      {!value.patient && (
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={() => onChange({ ...value, mode: 'new' })}
        >
          <UserPlusIcon aria-hidden />
          Registrar paciente nuevo
        </Button>
      )}
    </div>
  );
}
