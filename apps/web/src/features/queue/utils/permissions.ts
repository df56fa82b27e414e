import type { Role } from '@ips/shared/catalogs/roles';

/**
 * Queue work (assigning from the waiting list, removing, CUPS, group scheduling, the day's status changes) is
 * front-desk and call-center work, like booking (decision 010); doctors read only.
 */
const QUEUE_ROLES: readonly Role[] = ['admin', 'supervisor', 'agent', 'reception'];

export function canManageQueue(role: Role | undefined): boolean {
  return role !== undefined && QUEUE_ROLES.includes(role);
}
