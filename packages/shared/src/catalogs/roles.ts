export const ROLES = ['admin', 'supervisor', 'agent', 'doctor', 'reception'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  supervisor: 'Supervisor',
  agent: 'Agente',
  doctor: 'Doctor',
  reception: 'Recepcionista',
};

/*
 * Role groups: who may do what, written once and used by the API's route policies and by the screens that hide
 * what a role cannot do. docs/role-matrix.md is the same matrix as a table, and the authorization test holds the
 * two together (decision 020).
 */

/** Roles that manage master data, other users' sessions and clinic-wide agenda operations. */
export const MANAGER_ROLES: readonly Role[] = ['admin', 'supervisor'];
/** Front desk and call center: register and edit patients, book, work the queue, log calls. */
export const FRONT_DESK_ROLES: readonly Role[] = ['admin', 'supervisor', 'agent', 'reception'];
/** Create, edit, move agendas: scheduling staff. */
export const AGENDA_ROLES: readonly Role[] = ['admin', 'supervisor', 'reception'];
/**
 * Cancel a whole agenda (its patients are cancelled and notified), recount every agenda, auto-cancel the
 * expired ones: clinic-wide consequences, so managers only.
 */
export const AGENDA_BULK_ROLES: readonly Role[] = MANAGER_ROLES;
/** Inactivate (or reactivate) a patient: the front desk and managers; not the call center. */
export const PATIENT_STATUS_ROLES: readonly Role[] = ['admin', 'supervisor', 'reception'];
/** Read call logs: everyone but the doctor (calls are call-center work, not clinical data). */
export const CALL_LOG_READ_ROLES: readonly Role[] = FRONT_DESK_ROLES;
/** Work calls (register, attend, transfer, hold, end) and the call-status catalogue: the call center. */
export const CALL_CENTER_ROLES: readonly Role[] = ['admin', 'supervisor', 'agent'];
/** Read the call center (monitor, dashboard, history, recordings): the call center and reception, not doctors. */
export const CALL_READ_ROLES: readonly Role[] = FRONT_DESK_ROLES;
/** The patient access log (Ley 1581 de 2012): administrators only. */
export const ACCESS_LOG_ROLES: readonly Role[] = ['admin'];
/** Who reads billing (the screen, lists, summary, metrics, exports, stream): managers and the front desk (caja). */
export const BILLING_READ_ROLES: readonly Role[] = ['admin', 'supervisor', 'reception'];
/** Spec part 2 §6: only admin and supervisor change a billing status and see its audit history and download. */
export const BILLING_MANAGE_ROLES: readonly Role[] = MANAGER_ROLES;
/** Administrators and supervisors read the audit trail (docs/role-matrix.md, group 'Auditoría'). */
export const AUDIT_ROLES: readonly Role[] = MANAGER_ROLES;
/**
 * Roles whose reads of patients and appointments are limited to their own agendas (the doctor linked to the
 * user through doctors.user_id); every other role reads the whole clinic.
 */
export const OWN_SCOPE_ROLES: readonly Role[] = ['doctor'];

export const canRole = (group: readonly Role[], role: Role | null | undefined): boolean =>
  role != null && group.includes(role);

/**
 * Patient documents (decision 036): clinical staff and the front desk read and file them (the doctor, those of
 * their own patients); the call center does not. Deleting one is for managers.
 */
export const DOCUMENT_READ_ROLES: readonly Role[] = ['admin', 'supervisor', 'doctor', 'reception'];
export const DOCUMENT_WRITE_ROLES: readonly Role[] = DOCUMENT_READ_ROLES;
export const DOCUMENT_DELETE_ROLES: readonly Role[] = MANAGER_ROLES;

/** Who builds, reads and downloads RIPS packages: the billing staff (decision 037). Here, not in the RIPS schemas, so
 * that the sidebar does not pull zod into the first load. */
export const RIPS_PACKAGE_ROLES: readonly Role[] = ['admin', 'supervisor', 'reception'];
