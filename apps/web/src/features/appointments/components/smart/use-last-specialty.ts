import { useCallback, useState } from 'react';
import { useAuth } from '@/lib/use-auth';
import {
  lastSpecialtyKey,
  readLastUsed,
  rememberLastUsed,
} from '@/features/appointments/components/smart/last-used';

const browserStore = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** The signed-in user's last specialty on this browser, and how to remember a new one. */
export function useLastSpecialty(): [string | null, (specialtyId: string) => void] {
  const { user } = useAuth();
  const key = user ? lastSpecialtyKey(user.id) : null;
  const [last, setLast] = useState(() => (key ? readLastUsed(browserStore(), key) : null));
  const remember = useCallback(
    (specialtyId: string) => {
      if (!key) return;
      rememberLastUsed(browserStore(), key, specialtyId);
      setLast(specialtyId);
    },
    [key],
  );
  return [last, remember];
}
