import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LockedAccountDto } from '@ips/shared/schemas/login-locks';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type LockedAccount = LockedAccountDto;

export interface LockedAccountsPage extends ApiEnvelope<LockedAccount[]> {
  total: number;
  page: number;
  limit: number;
}

export const LOCKED_PAGE_SIZE = 10;

/** GET /users/locked: accounts some address cannot sign in to right now (administrators only). */
export function getLockedAccounts(page: number, signal?: AbortSignal): Promise<LockedAccountsPage> {
  return api.get<LockedAccountsPage>('/users/locked', { query: { page, limit: LOCKED_PAGE_SIZE }, signal });
}

export const lockedAccountsQuery = (page: number) =>
  queryOptions({
    queryKey: ['users', 'locked', page],
    queryFn: ({ signal }) => getLockedAccounts(page, signal),
    // A lock ends by itself after at most 15 minutes; a minute-old list is close enough.
    refetchInterval: 60_000,
  });

export function useLockedAccounts(page: number) {
  return useQuery({ ...lockedAccountsQuery(page), placeholderData: keepPreviousData });
}

/**
 * The users locked right now, for the marks in the users table: one page of the largest size the API gives
 * (100). Locks are rare and last 15 minutes; the Configuración card lists every one of them if there are more.
 */
export function useLockedUserIds() {
  return useQuery({
    queryKey: ['users', 'locked', 'ids'],
    queryFn: ({ signal }) =>
      api
        .get<LockedAccountsPage>('/users/locked', { query: { page: 1, limit: 100 }, signal })
        .then((r) => new Map(r.data.map((a) => [a.user_id, a]))),
    refetchInterval: 60_000,
  });
}
