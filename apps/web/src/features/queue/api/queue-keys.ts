/**
 * Query keys of the queue screens. Everything of the waiting list lives under ['queue'] (the booking mutations
 * of the appointments feature invalidate that root too); the daily queue lives under ['appointments'] because
 * it is a list of appointments, so every appointment action refreshes it.
 */
export const queueKeys = {
  all: ['queue'] as const,
  waitingList: () => [...queueKeys.all, 'waiting-list'] as const,
  count: () => [...queueKeys.all, 'count'] as const,
  agendas: (specialtyId: number) => [...queueKeys.all, 'available-agendas', specialtyId] as const,
  dailyQueue: (params: object) => ['appointments', 'daily-queue', params] as const,
};
