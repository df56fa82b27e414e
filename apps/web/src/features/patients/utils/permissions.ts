import type { Role } from '@ips/shared/catalogs/roles';

/** Registering and editing patients: front desk and call center (the API's WRITE policy). Doctors read only. */
const WRITERS: readonly Role[] = ['admin', 'supervisor', 'agent', 'reception'];
/** Permanent deletion with all history. */
const HARD_DELETERS: readonly Role[] = ['admin', 'supervisor'];

export interface PatientPermissions {
  canWrite: boolean;
  canHardDelete: boolean;
}

export function patientPermissions(role: Role | undefined): PatientPermissions {
  return {
    canWrite: role !== undefined && WRITERS.includes(role),
    canHardDelete: role !== undefined && HARD_DELETERS.includes(role),
  };
}
