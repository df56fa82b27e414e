import { UsersView } from '@/features/users/components/users-view';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useAuth } from '@/lib/use-auth';

/** Usuarios (administrators only: nav.ts keeps the others out, the API answers them 403). */
export default function UsersPage() {
  const { user } = useAuth();
  const { timezone } = useOrgSettings();
  return <UsersView timezone={timezone} currentUserId={user?.id} />;
}
