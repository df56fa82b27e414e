import type { Role } from '@ips/shared/catalogs/roles';
import { useAuth } from '@/lib/use-auth';

/** Admin, supervisor and reception manage agendas (the API's MANAGE); agents and doctors read them. */
export const AGENDA_MANAGERS: readonly Role[] = ['admin', 'supervisor', 'reception'];

export function useCanManageAgendas(): boolean {
  const { user } = useAuth();
  return user !== null && AGENDA_MANAGERS.includes(user.role);
}
