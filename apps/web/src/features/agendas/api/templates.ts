import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEMPLATE_PAGE,
  type CreateTemplateBody,
  type GenerateScheduleBody,
  type GenerationResultDto,
  type TemplateDto,
} from '@ips/shared/schemas/agenda-templates';
import { api } from '@/lib/api-client';
import { agendaKeys } from '@/features/agendas/api/agenda-keys';

export type AgendaTemplate = TemplateDto;
export type GenerationResult = GenerationResultDto;

const BASE = '/agenda-templates';

export const templateKeys = {
  all: ['agenda-templates'] as const,
  list: (page: number, search: string) => ['agenda-templates', 'list', page, search] as const,
};

interface TemplatePage {
  data: AgendaTemplate[];
  total: number;
  page: number;
  limit: number;
}

/** One page of templates (the server pages and searches). */
export function useTemplates(page: number, search: string) {
  return useQuery({
    queryKey: templateKeys.list(page, search),
    queryFn: ({ signal }) =>
      api.get<TemplatePage>(BASE, {
        query: { page, limit: TEMPLATE_PAGE.default, search: search.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

interface Saved {
  data: AgendaTemplate;
  message?: string;
}

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateTemplateBody }) =>
      id ? api.put<Saved>(`${BASE}/${id}`, body) : api.post<Saved>(BASE, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message?: string }>(`${BASE}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDuplicateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Saved>(`${BASE}/${id}/duplicate`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** Preview (dry_run) or generate; a real run refreshes every agenda screen. */
export function useGenerateSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateScheduleBody) =>
      api.post<{ data: GenerationResult; message?: string }>(
        '/availability-templates/generate-schedule',
        body,
      ),
    onSuccess: (res) => {
      if (!res.data.dry_run) void qc.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}
