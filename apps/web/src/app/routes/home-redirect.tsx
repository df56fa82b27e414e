import { Navigate } from 'react-router';
import { visibleItems } from '@/app/nav';
import { useAuth } from '@/lib/use-auth';

/** '/' opens the first screen the user may see, in sidebar order. */
export default function HomeRedirect() {
  const { user } = useAuth();
  const first = visibleItems(user?.role)[0];
  return <Navigate to={first?.path ?? '/settings'} replace />;
}
