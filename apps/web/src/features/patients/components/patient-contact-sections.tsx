import { InfoIcon } from 'lucide-react';
import type { AffiliationType } from '@ips/shared/catalogs/lookups';
import { useEpsList, useMunicipalities, useZones } from '@/features/patients/api/lookups';
import { SelectField, TextField, toOptions } from '@/features/patients/components/form-controls';
import { FormSection, type PatientFormApi } from '@/features/patients/components/patient-form-sections';
import { AFFILIATION_INFO, FORM_AFFILIATION_TYPES } from '@/features/patients/utils/patient-display';
import { PHONE_HINT } from '@/features/patients/utils/patient-form-values';

/**
 * Contact data. The zone comes first and filters the municipalities; changing the zone clears the
 * municipality. `municipalityName` keeps a stored municipality visible if it is not in the zone's list.
 */
export function ContactSection({
  form,
  municipalityName,
}: {
  form: PatientFormApi;
  municipalityName?: string | null;
}) {
  const zones = useZones();
  const zoneValue = form.watch('zone_id');
  const zoneId = zoneValue ? Number(zoneValue) : null;
  const municipalities = useMunicipalities(zoneId);
  const currentMunicipality = form.watch('municipality_id');

  const options = toOptions(municipalities.data ?? []);
  if (currentMunicipality && municipalityName && !options.some((o) => o.value === currentMunicipality)) {
    options.unshift({ value: currentMunicipality, label: municipalityName });
  }
  const placeholder =
    zoneId === null
      ? 'Primero seleccione una zona'
      : municipalities.isPending
        ? 'Cargando municipios...'
        : options.length === 0
          ? 'No hay municipios para esta zona'
          : 'Seleccione un municipio';

  return (
    <FormSection title="Información de contacto">
      <TextField
        form={form}
        name="phone"
        label="Teléfono principal"
        required
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="Ej. 3001234567"
        hint={PHONE_HINT}
      />
      <TextField
        form={form}
        name="phone_alt"
        label="Teléfono alterno"
        type="tel"
        inputMode="tel"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="email"
        label="Correo electrónico"
        type="email"
        autoComplete="off"
        maxLength={100}
        className="sm:col-span-2"
        placeholder="correo@ejemplo.com"
      />
      <TextField
        form={form}
        name="address"
        label="Dirección"
        autoComplete="off"
        maxLength={200}
        className="sm:col-span-2"
        placeholder="Ej. Calle 45 # 23-10, barrio Cabecera"
      />
      <SelectField
        form={form}
        name="zone_id"
        label="Zona"
        options={toOptions(zones.data ?? [])}
        placeholder={zones.isPending ? 'Cargando zonas...' : 'Seleccione una zona'}
        emptyLabel="Sin zona"
        onValueChange={() => form.setValue('municipality_id', '', { shouldValidate: true })}
      />
      <SelectField
        form={form}
        name="municipality_id"
        label="Municipio"
        options={options}
        placeholder={placeholder}
        disabled={zoneId === null || options.length === 0}
      />
    </FormSection>
  );
}

export function InsuranceSection({ form }: { form: PatientFormApi }) {
  const eps = useEpsList();
  const type = form.watch('insurance_affiliation_type') as AffiliationType | '';
  const info = type ? AFFILIATION_INFO[type] : null;
  return (
    <FormSection title="Información de seguro">
      <SelectField
        form={form}
        name="insurance_eps_id"
        label="EPS"
        options={toOptions(eps.data ?? [])}
        placeholder={eps.isPending ? 'Cargando EPS...' : 'Seleccione una EPS'}
        emptyLabel="Sin EPS asignada"
        onValueChange={(id) => {
          // The EPS's own regime fills an empty affiliation type (it can still be changed).
          const regime = eps.data?.find((e) => String(e.id) === id)?.affiliation_type;
          // Only a single regime ('Contributivo' or 'Subsidiado'); an EPS of both ('Ambos') leaves the choice.
          const single = FORM_AFFILIATION_TYPES.find((t) => t === regime);
          if (single && !form.getValues('insurance_affiliation_type')) {
            form.setValue('insurance_affiliation_type', single, { shouldValidate: true });
          }
        }}
      />
      <SelectField
        form={form}
        name="insurance_affiliation_type"
        label="Tipo de afiliación"
        options={[...FORM_AFFILIATION_TYPES, ...(type === 'Vinculado' ? (['Vinculado'] as const) : [])].map(
          (t) => ({ value: t, label: t }),
        )}
        emptyLabel="Sin especificar"
      />
      {info && (
        <p className="flex gap-2 rounded-lg bg-accent/60 p-3 text-xs sm:col-span-2">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
          <span>
            <span className="font-medium">{info.label}:</span> {info.description}
          </span>
        </p>
      )}
    </FormSection>
  );
}
