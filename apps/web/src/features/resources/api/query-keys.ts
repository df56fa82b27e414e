/** Query keys of the master data. Locations live in features/locations (`['locations']`). */
export const resourceKeys = {
  specialties: ['resources', 'specialties'] as const,
  doctors: ['resources', 'doctors'] as const,
  zones: ['resources', 'zones'] as const,
  municipalities: ['resources', 'municipalities'] as const,
  eps: ['resources', 'eps'] as const,
  locationTypes: ['resources', 'location-types'] as const,
  cups: ['resources', 'cups'] as const,
  services: ['resources', 'services'] as const,
  epsAuthorizations: ['resources', 'eps-authorizations'] as const,
};
