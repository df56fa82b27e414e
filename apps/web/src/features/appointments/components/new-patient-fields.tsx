import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export interface NewPatient {
  document: string;
  name: string;
  phone: string;
}
export const EMPTY_NEW_PATIENT: NewPatient = { document: '', name: '', phone: '' };

/** Document, name and phone of a patient registered on the spot (POST /patients, quick registration). */
export function NewPatientFields({
  idPrefix,
  value,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  value: NewPatient;
  onChange: (next: NewPatient) => void;
  errors?: Partial<Record<keyof NewPatient, string>>;
}) {
  const set = (k: keyof NewPatient) => (e: { target: { value: string } }) =>
    onChange({ ...value, [k]: e.target.value });
  const id = (k: string) => `${idPrefix}-new-${k}`;
  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-3 sm:grid-cols-3" data-testid="new-patient">
      <Field id={id('document')} label="Documento" required error={errors.document}>
        <Input
          id={id('document')}
          inputMode="numeric"
          maxLength={20}
          value={value.document}
          onChange={set('document')}
          aria-invalid={errors.document ? true : undefined}
        />
      </Field>
      <Field id={id('name')} label="Nombre completo" required error={errors.name}>
        <Input
          id={id('name')}
          maxLength={100}
          value={value.name}
          onChange={set('name')}
          aria-invalid={errors.name ? true : undefined}
        />
      </Field>
      <Field id={id('phone')} label="Teléfono" required error={errors.phone}>
        <Input
          id={id('phone')}
          type="tel"
          value={value.phone}
          onChange={set('phone')}
          aria-invalid={errors.phone ? true : undefined}
        />
      </Field>
    </div>
  );
}
