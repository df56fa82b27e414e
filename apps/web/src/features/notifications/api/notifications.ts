import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationDto,
  type NotificationPreferenceDto,
  type RecipientDto,
  type SendNotificationBody,
  type UpdatePreferencesBody,
} from '@ips/shared/schemas/notifications';
import { api, type ApiEnvelope } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, unread = false) => ['notifications', 'list', page, unread] as const,
  preferences: ['notifications', 'preferences'] as const,
  recipients: (q: string) => ['notifications', 'recipients', q] as const,
};

export interface NotificationPage {
  data: NotificationDto[];
  total: number;
  unread: number;
  page: number;
  limit: number;
}

/** My notifications, newest first, 20 a page (spec part 2 §9). */
export function useMyNotifications(page: number, enabled = true, unread = false) {
  return useQuery({
    queryKey: notificationKeys.list(page, unread),
    queryFn: ({ signal }) =>
      api.get<NotificationPage>('/notifications/my', {
        query: { page, limit: NOTIFICATIONS_PAGE_SIZE, unread: unread ? 'true' : undefined },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<ApiEnvelope<NotificationDto>>(`/notifications/${id}/read`),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<ApiEnvelope<{ updated: number }>>('/notifications/mark-all-read'),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export interface PreferencesAnswer {
  data: NotificationPreferenceDto[];
  email_configured: boolean;
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<PreferencesAnswer>('/notifications/preferences', { signal }),
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) =>
      api.put<PreferencesAnswer>('/notifications/preferences', body),
    onSuccess: (answer) => qc.setQueryData(notificationKeys.preferences, answer),
  });
}

export function useRecipients(q: string, enabled: boolean) {
  return useQuery<RecipientDto[]>({
    queryKey: notificationKeys.recipients(q),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<RecipientDto[]>>('/notifications/recipients', {
          query: { q: q || undefined },
          signal,
        })
        .then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

export function useSendNotification() {
  return useMutation({
    mutationFn: (body: SendNotificationBody) =>
      api.post<ApiEnvelope<{ recipients: number }>>('/notifications', body),
  });
}

export function useSendTestEmail() {
  return useMutation({
    mutationFn: (to: string) =>
      api.post<ApiEnvelope<{ id: number; status: string }>>('/notifications/test-email', { to }),
  });
}

export interface OutboxItem {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['notifications', 'outbox', page],
    queryFn: ({ signal }) =>
      api.get<{ data: OutboxItem[]; total: number; limit: number; email_configured: boolean }>(
        '/notifications/email-outbox',
        { query: { page, limit: 10 }, signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

/** Whether the server can send e-mail (SMTP_URL and SMTP_FROM set); a fact of the deployment, read once. */
export function useEmailStatus() {
  return useQuery({
    queryKey: ['notifications', 'email-status'],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<{ configured: boolean }>>('/notifications/email-status', { signal }),
    select: (res) => res.data.configured,
    staleTime: 5 * 60_000,
  });
}
