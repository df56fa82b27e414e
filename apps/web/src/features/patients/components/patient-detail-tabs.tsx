import type { ReactNode } from 'react';
import { InfoIcon } from 'lucide-react';
import type { AffiliationType } from '@ips/shared/catalogs/lookups';
import { formatDate, formatDateTime } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import type { Patient } from '@/features/patients/api/get-patients';
import {
  AFFILIATION_INFO,
  affiliationVariant,
  patientAge,
  genderLabel,
  statusVariant,
} from '@/features/patients/utils/patient-display';

const none = <span className="text-muted-foreground">No registrado</span>;

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>;
}

function Field({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words">{value === null || value === '' ? none : value}</dd>
    </div>
  );
}

export function BasicTab({ patient: p, timezone }: { patient: Patient; timezone: string }) {
  return (
    <Fields>
      <Field label="Nombre completo" value={p.name} wide />
      <Field
        label="Tipo de documento"
        value={`${p.document_type || 'CC'}${p.document_type_name ? ` · ${p.document_type_name}` : ''}`}
      />
      <Field label="Número de documento" value={<span className="tabular-nums">{p.document}</span>} />
      <Field label="Fecha de nacimiento" value={p.birth_date ? formatDate(p.birth_date, timezone) : null} />
      <Field label="Edad" value={patientAge(p, timezone)} />
      <Field label="Género" value={genderLabel(p.gender)} />
      <Field label="Estado" value={<Badge variant={statusVariant(p.status)}>{p.status}</Badge>} />
      <Field label="Fecha de registro" value={formatDateTime(p.created_at, timezone)} />
    </Fields>
  );
}

export function ContactTab({ patient: p }: { patient: Patient }) {
  return (
    <Fields>
      <Field label="Teléfono principal" value={p.phone} />
      <Field label="Teléfono alterno" value={p.phone_alt} />
      <Field label="Correo electrónico" value={p.email} wide />
      <Field label="Dirección" value={p.address} wide />
      <Field
        label="Municipio"
        value={
          p.municipality_name ? `${p.municipality_name}${p.department ? `, ${p.department}` : ''}` : null
        }
      />
      <Field label="Zona" value={p.zone ?? p.zone_name} />
    </Fields>
  );
}

export function MedicalTab({ patient: p }: { patient: Patient }) {
  return (
    <Fields>
      <Field label="Grupo sanguíneo" value={p.blood_group_name} />
      <Field label="Tiene discapacidad" value={p.has_disability ? 'Sí' : 'No'} />
      {p.has_disability && <Field label="Tipo de discapacidad" value={p.disability_type} />}
      <Field label="Alergias" value={p.allergies} wide />
      <Field label="Condiciones médicas" value={p.medical_conditions} wide />
      <Field label="Notas" value={p.notes} wide />
    </Fields>
  );
}

export function InsuranceTab({ patient: p }: { patient: Patient }) {
  const type = p.insurance_affiliation_type as AffiliationType | null;
  const info = type ? AFFILIATION_INFO[type] : null;
  return (
    <div className="space-y-5">
      <Fields>
        <Field
          label="EPS"
          value={p.eps_name ?? <span className="text-muted-foreground">Sin EPS asignada</span>}
          wide
        />
        <Field
          label="Tipo de afiliación"
          value={type ? <Badge variant={affiliationVariant(type)}>{type}</Badge> : null}
        />
      </Fields>
      {info && (
        <div className="flex gap-3 rounded-lg border border-primary/20 bg-accent/60 p-4 text-sm">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <p>
            <span className="font-medium">Régimen {info.label}:</span> {info.description}
          </p>
        </div>
      )}
    </div>
  );
}

export function DemographicTab({ patient: p }: { patient: Patient }) {
  return (
    <Fields>
      <Field label="Nivel educativo" value={p.education_level} />
      <Field label="Estado civil" value={p.marital_status} />
      <Field label="Grupo poblacional" value={p.population_group} />
      <Field label="Estrato socioeconómico" value={p.estrato ? `Estrato ${p.estrato}` : null} />
    </Fields>
  );
}
