import type { Role } from '@ips/shared/catalogs/roles';

/** Every signed-in role reads patients (the doctor sees whom they attend). */
export const READ = 'authenticated' as const;
/**
 * Registering and editing patients is front-desk and call-center work: admin, supervisor, agent, reception.
 * Doctors read only; their clinical notes belong to the consultations module, not to the patient's registration
 * data. Permanent deletion is narrower still (admin, supervisor) and is checked by the service.
 */
export const WRITE: readonly Role[] = ['admin', 'supervisor', 'agent', 'reception'];
