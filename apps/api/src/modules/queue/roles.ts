import { FRONT_DESK_ROLES, type Role } from '@ips/shared/catalogs/roles';

/**
 * Working the queue (adding, taking, scheduling, removing patients, the waiting-list assignment) is front-desk
 * and call-center work, like booking: admin, supervisor, agent, reception. Reading its entries too: they are
 * patients not yet booked with anyone, so not a doctor's (decision 020); doctors see the counts (overview).
 */
export const QUEUE_ROLES: readonly Role[] = FRONT_DESK_ROLES;
/** Roles that may take an entry another agent holds, or hand one to another agent. */
export const QUEUE_MANAGER_ROLES: readonly Role[] = ['admin', 'supervisor'];
/** Transfers are between call-center agents (spec part 2 §4); supervisors and admins oversee them. */
export const TRANSFER_ROLES: readonly Role[] = ['admin', 'supervisor', 'agent'];
