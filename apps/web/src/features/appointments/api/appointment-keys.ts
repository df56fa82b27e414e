/**
 * Query keys of the appointments feature. Every booking change refreshes these and the other scheduling
 * roots together (lib/scheduling-queries.ts), because a booking moves an agenda's booked_slots.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (params: object) => [...appointmentKeys.all, 'list', params] as const,
  count: (params: object) => [...appointmentKeys.all, 'count', params] as const,
  conflicts: (params: object) => [...appointmentKeys.all, 'conflicts', params] as const,
  patientSearch: (text: string) => ['patients', 'quicksearch', text] as const,
};

export const availabilityKeys = {
  all: ['availabilities'] as const,
  list: (params: object) => [...availabilityKeys.all, 'list', params] as const,
  detail: (id: number) => [...availabilityKeys.all, 'detail', id] as const,
  reassignment: (id: number) => [...availabilityKeys.all, 'reassignment', id] as const,
  smartOptions: (params: object) => [...availabilityKeys.all, 'smart-options', params] as const,
  calendar: (params: object) => [...availabilityKeys.all, 'calendar', params] as const,
};
