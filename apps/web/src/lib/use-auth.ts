import { useSyncExternalStore } from 'react';
import { getAuthSnapshot, isSnapshotValid, subscribeAuth, type AuthSnapshot } from '@/lib/auth-storage';

export interface AuthState extends AuthSnapshot {
  /** A token is present and not within 5 minutes of its expiry, as of this render. */
  isValid: boolean;
}

export function useAuth(): AuthState {
  const snapshot = useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
  return { ...snapshot, isValid: isSnapshotValid(snapshot) };
}
