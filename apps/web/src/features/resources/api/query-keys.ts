import { CUPS_KEY } from '@/lib/cups-query';

/** Query keys of the master data. Sedes use `['locations']` (api/locations.ts). */
export const resourceKeys = {
  specialties: ['resources', 'specialties'] as const,
  doctors: ['resources', 'doctors'] as const,
  zones: ['resources', 'zones'] as const,
  municipalities: ['resources', 'municipalities'] as const,
  eps: ['resources', 'eps'] as const,
  locationTypes: ['resources', 'location-types'] as const,
  cups: CUPS_KEY,
  services: ['resources', 'services'] as const,
  epsAuthorizations: ['resources', 'eps-authorizations'] as const,
};
