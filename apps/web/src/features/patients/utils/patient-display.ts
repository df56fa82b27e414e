import type { AffiliationType } from '@ips/shared/catalogs/lookups';
import { countOf, localDate } from '@ips/shared/format';
import type { BadgeProps } from '@/components/ui/badge';

/** Spec §2 "Seguro": what each affiliation regime means, shown beside the badge. */
export const AFFILIATION_INFO: Record<AffiliationType, { label: string; description: string }> = {
  Contributivo: {
    label: 'Contributivo',
    description: 'Personas con capacidad de pago: empleados, pensionados e independientes.',
  },
  Subsidiado: {
    label: 'Subsidiado',
    description: 'Personas sin capacidad de pago; la población más vulnerable.',
  },
  Vinculado: {
    label: 'Vinculado',
    description: 'Personas sin capacidad de pago, en proceso de afiliación.',
  },
  Particular: { label: 'Particular', description: 'El paciente paga directamente los servicios.' },
  Otro: { label: 'Otro', description: 'Otro régimen o modalidad de afiliación.' },
};

/** The affiliation types the form offers (spec §5; Vinculado is only displayed). */
export const FORM_AFFILIATION_TYPES = ['Contributivo', 'Subsidiado', 'Particular', 'Otro'] as const;

export function affiliationVariant(type: string | null | undefined): BadgeProps['variant'] {
  switch (type) {
    case 'Contributivo':
      return 'success';
    case 'Subsidiado':
      return 'secondary';
    case 'Vinculado':
      return 'warning';
    default:
      return 'outline';
  }
}

/** Whole months from a birth date 'YYYY-MM-DD' to a calendar date 'YYYY-MM-DD'. */
export function monthsBetween(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return Math.max(0, (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0));
}

/**
 * '66 años', '1 año', or null when the birth date is unknown. Babies under one year are shown in months
 * ('5 meses', 'Recién nacido') when the birth date and today's date are given.
 */
export function ageLabel(
  age: number | null | undefined,
  birthDate?: string | null,
  today?: string,
): string | null {
  if (age === null || age === undefined) return null;
  if (age === 0 && birthDate && today) {
    const months = monthsBetween(birthDate, today);
    return months === 0 ? 'Recién nacido' : countOf(months, 'mes', 'meses');
  }
  return countOf(age, 'año');
}

/** 'CC 10160857' (the document type defaults to CC). */
export function documentLabel(p: { document_type?: string | null; document: string }): string {
  return `${p.document_type || 'CC'} ${p.document}`;
}

export function genderLabel(gender: string | null | undefined): string {
  return gender || 'No especificado';
}

export function statusVariant(status: string): BadgeProps['variant'] {
  return status === 'Activo' ? 'success' : 'secondary';
}

export const PATIENT_STATUS_TAB = { Activo: 'activos', Inactivo: 'inactivos' } as const;

/** The patient's age as shown everywhere: years, or months for babies (today in the organisation's timezone). */
export function patientAge(p: { age: number | null; birth_date: string | null }, tz: string): string | null {
  return ageLabel(p.age, p.birth_date, localDate(new Date(), tz));
}
