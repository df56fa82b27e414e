import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { useAuth } from '@/lib/use-auth';

/** Admin and supervisor create, edit and delete master data; every other role reads it. */
export function useCanManage(): boolean {
  const { user } = useAuth();
  return user !== null && MANAGER_ROLES.includes(user.role);
}
