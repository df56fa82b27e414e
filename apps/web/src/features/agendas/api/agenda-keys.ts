/** Query keys of the agenda screens; invalidating `agendaKeys.all` refreshes every list, count and dialog. */
export const agendaKeys = {
  all: ['agendas'] as const,
  lists: () => [...agendaKeys.all, 'list'] as const,
  list: (params: object) => [...agendaKeys.lists(), params] as const,
  detail: (id: number) => [...agendaKeys.all, 'detail', id] as const,
  appointments: (params: object) => [...agendaKeys.all, 'appointments', params] as const,
  summary: (start: string, end: string) => [...agendaKeys.all, 'summary', start, end] as const,
  options: (params: object) => [...agendaKeys.all, 'options', params] as const,
  filterOptions: () => [...agendaKeys.all, 'filter-options'] as const,
  expired: (date: string) => [...agendaKeys.all, 'expired', date] as const,
  distribution: (id: number) => [...agendaKeys.all, 'distribution', id] as const,
  distributions: (params: object) => [...agendaKeys.all, 'distributions', params] as const,
  distributionStats: (params: object) => [...agendaKeys.all, 'distribution-stats', params] as const,
  calendar: (params: object) => [...agendaKeys.all, 'calendar', params] as const,
};
