/** Fixed lookup identifiers of spec part 1 §3 "Lookup identifiers". Seeded with exactly these ids. */
export interface CodedLookup {
  id: number;
  code: string;
  name: string;
}
export interface Lookup {
  id: number;
  name: string;
}

export const DOCUMENT_TYPES: readonly CodedLookup[] = [
  { id: 1, code: 'CC', name: 'Cédula de Ciudadanía' },
  { id: 2, code: 'TI', name: 'Tarjeta de Identidad' },
  { id: 3, code: 'CE', name: 'Cédula de Extranjería' },
  { id: 4, code: 'PA', name: 'Pasaporte' },
  { id: 5, code: 'RC', name: 'Registro Civil' },
];

export const BLOOD_GROUPS: readonly Lookup[] = [
  { id: 1, name: 'A+' },
  { id: 2, name: 'A-' },
  { id: 3, name: 'B+' },
  { id: 4, name: 'B-' },
  { id: 5, name: 'AB+' },
  { id: 6, name: 'AB-' },
  { id: 7, name: 'O+' },
  { id: 8, name: 'O-' },
];

export const DISABILITY_TYPES: readonly Lookup[] = [
  { id: 1, name: 'Física' },
  { id: 2, name: 'Visual' },
  { id: 3, name: 'Auditiva' },
  { id: 4, name: 'Cognitiva' },
  { id: 5, name: 'Psicosocial' },
];

export const EDUCATION_LEVELS: readonly Lookup[] = [
  { id: 1, name: 'Primaria' },
  { id: 2, name: 'Secundaria' },
  { id: 3, name: 'Técnico' },
  { id: 4, name: 'Tecnólogo' },
  { id: 5, name: 'Profesional' },
  { id: 6, name: 'Posgrado' },
];

export const MARITAL_STATUSES: readonly Lookup[] = [
  { id: 1, name: 'Soltero(a)' },
  { id: 2, name: 'Casado(a)' },
  { id: 3, name: 'Unión Libre' },
  { id: 4, name: 'Divorciado(a)' },
  { id: 5, name: 'Viudo(a)' },
];

export const POPULATION_GROUPS: readonly Lookup[] = [
  { id: 1, name: 'Ninguno' },
  { id: 2, name: 'Indígena' },
  { id: 3, name: 'Afrocolombiano' },
  { id: 4, name: 'ROM' },
  { id: 5, name: 'Palenquero' },
  { id: 6, name: 'Raizal' },
];

/** Affiliation regimes of the Colombian health system (spec part 1 §2 "Seguro"). */
export const AFFILIATION_TYPES = ['Contributivo', 'Subsidiado', 'Vinculado', 'Particular', 'Otro'] as const;
export type AffiliationType = (typeof AFFILIATION_TYPES)[number];
