import { AGENDA_BULK_ROLES, AGENDA_ROLES } from '@ips/shared/catalogs/roles';

/**
 * Everyone signed in reads agendas (agents book from them); the appointments inside them are limited to a
 * doctor's own for the doctor (lib/read-scope.ts, decision 020).
 */
export const READ = 'authenticated' as const;
/** Creating, editing, moving agendas is scheduling staff's work (issue: agendas API). */
export const MANAGE = AGENDA_ROLES;
/**
 * Cancelling a whole agenda (its patients are cancelled and notified), recounting every agenda and the
 * clinic-wide auto-cancel: managers only (decision 020).
 */
export const BULK = AGENDA_BULK_ROLES;
