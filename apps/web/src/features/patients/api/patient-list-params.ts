import type { PatientStatus } from '@ips/shared/schemas/patients';

export type PatientGenderFilter = 'Todos' | 'Masculino' | 'Femenino' | 'Otro';

/** One page of the directory: everything is filtered, counted and paged by the server. */
export interface PatientListParams {
  page: number;
  limit: number;
  search?: string;
  gender?: PatientGenderFilter;
  status?: PatientStatus;
  /** The first row of a page on screen and its number: the server reads nearby pages from it (keyset). */
  anchor?: { token: string; page: number };
}
