import { FRONT_DESK_ROLES, PATIENT_STATUS_ROLES } from '@ips/shared/catalogs/roles';

/**
 * Every signed-in role reads patients; a doctor only those booked with them (lib/read-scope.ts, decision 020),
 * and every read of one patient's record is logged (lib/patient-access.ts).
 */
export const READ = 'authenticated' as const;
/**
 * Registering and editing patients is front-desk and call-center work: admin, supervisor, agent, reception.
 * Doctors read only; their clinical notes belong to the consultations module, not to the patient's registration
 * data.
 */
export const WRITE = FRONT_DESK_ROLES;
/**
 * Inactivating (DELETE, or a PUT that changes the status) is narrower: admin, supervisor, reception, not the
 * call center (decision 020). Permanent deletion (?hard=true) is narrower still (admin, supervisor) and is
 * checked by the service.
 */
export const STATUS = PATIENT_STATUS_ROLES;
