import type { Role } from '@ips/shared/catalogs/roles';

/** Booking and the appointment actions are front-desk and call-center work; doctors read only. */
const BOOKERS: readonly Role[] = ['admin', 'supervisor', 'reception', 'agent'];
/** Moving an appointment to another agenda is agenda management (the API's MANAGE policy). */
const AGENDA_MANAGERS: readonly Role[] = ['admin', 'supervisor', 'reception'];

export function appointmentPermissions(role: Role | undefined) {
  return {
    canBook: role !== undefined && BOOKERS.includes(role),
    canCancel: role !== undefined && BOOKERS.includes(role),
    canReassign: role !== undefined && AGENDA_MANAGERS.includes(role),
  };
}
