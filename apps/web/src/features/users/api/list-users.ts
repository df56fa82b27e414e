import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItemDto } from '@ips/shared/schemas/users';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type UserRow = UserListItemDto;

export interface UsersPage extends ApiEnvelope<UserRow[]> {
  total: number;
  page: number;
  limit: number;
}

export const USERS_PAGE_SIZE = 20;

/** GET /users?q&page&limit: a page of users, searched by name, e-mail or role (Spanish names too). */
export function getUsers(
  params: { q?: string; page: number; limit: number },
  signal?: AbortSignal,
): Promise<UsersPage> {
  return api.get<UsersPage>('/users', { query: { q: params.q || undefined, ...params }, signal });
}

export const usersQuery = (q: string, page: number, limit = USERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['users', 'list', { q, page, limit }],
    queryFn: ({ signal }) => getUsers({ q, page, limit }, signal),
  });

export function useUsers(q: string, page: number) {
  return useQuery({ ...usersQuery(q, page), placeholderData: keepPreviousData });
}

/** Every user of the clinic, for the title: one row fetched, the total read. */
export function useUsersTotal() {
  return useQuery({ ...usersQuery('', 1, 1), select: (r) => r.total });
}
