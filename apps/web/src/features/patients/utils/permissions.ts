import {
  canRole,
  FRONT_DESK_ROLES,
  MANAGER_ROLES,
  PATIENT_STATUS_ROLES,
  type Role,
} from '@ips/shared/catalogs/roles';

/** What the signed-in role may do with patients: the API's policies (docs/role-matrix.md, decision 020). */
export interface PatientPermissions {
  /** Register and edit: front desk and call center. Doctors read only. */
  canWrite: boolean;
  /** Inactivate or reactivate: admin, supervisor, reception (not agents). */
  canChangeStatus: boolean;
  /** Permanent deletion with all history: admin, supervisor. */
  canHardDelete: boolean;
}

export function patientPermissions(role: Role | undefined): PatientPermissions {
  return {
    canWrite: canRole(FRONT_DESK_ROLES, role),
    canChangeStatus: canRole(PATIENT_STATUS_ROLES, role),
    canHardDelete: canRole(MANAGER_ROLES, role),
  };
}
