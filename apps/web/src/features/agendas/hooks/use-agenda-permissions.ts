import { AGENDA_BULK_ROLES, AGENDA_ROLES, canRole } from '@ips/shared/catalogs/roles';
import { useAuth } from '@/lib/use-auth';

/** Admin, supervisor and reception create, edit and move agendas (the API's MANAGE); agents and doctors read. */
export function useCanManageAgendas(): boolean {
  return canRole(AGENDA_ROLES, useAuth().user?.role);
}

/**
 * Cancelling a whole agenda (its patients are cancelled and notified) and the clinic-wide auto-cancel: admin
 * and supervisor only (the API's BULK, decision 020). Reception still reschedules.
 */
export function useCanCancelAgendas(): boolean {
  return canRole(AGENDA_BULK_ROLES, useAuth().user?.role);
}
