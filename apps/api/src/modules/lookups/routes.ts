import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import * as repo from './repo';

const zoneQuery = z.object({
  zone_id: z.coerce
    .number({ error: 'Debe seleccionar una zona válida' })
    .int()
    .positive('Debe seleccionar una zona válida')
    .optional(),
});

/** Read-only catalogues of spec part 1 §7 "Lookups", for every signed-in role. */
const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const simple: [string, string, (db: Executor) => Promise<unknown[]>][] = [
    ['/lookups/document-types', 'Tipos de documento', repo.listDocumentTypes],
    ['/lookups/blood-groups', 'Grupos sanguíneos', repo.listBloodGroups],
    ['/lookups/education-levels', 'Niveles educativos', repo.listEducationLevels],
    ['/lookups/marital-statuses', 'Estados civiles', repo.listMaritalStatuses],
    ['/lookups/population-groups', 'Grupos poblacionales', repo.listPopulationGroups],
    ['/lookups/disability-types', 'Tipos de discapacidad', repo.listDisabilityTypes],
    ['/lookups/zones', 'Zonas', repo.listZones],
    ['/lookups/eps', 'EPS activas', repo.listActiveEps],
  ];
  for (const [url, summary, load] of simple) {
    app.get(
      url,
      { config: { policy: 'authenticated' }, schema: { tags: ['lookups'], summary } },
      async () => ({
        success: true as const,
        data: await load(app.deps.db),
      }),
    );
  }

  app.get(
    '/lookups/municipalities',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['lookups'],
        summary: 'Municipios (DIVIPOLA), opcionalmente de una zona',
        querystring: zoneQuery,
      },
    },
    async (request) => ({
      success: true as const,
      data: await repo.listMunicipalities(app.deps.db, request.query.zone_id),
    }),
  );

  app.get(
    '/lookups/all',
    { config: { policy: 'authenticated' }, schema: { tags: ['lookups'], summary: 'Todos los catálogos' } },
    async () => {
      const db = app.deps.db;
      const [
        document_types,
        blood_groups,
        education_levels,
        marital_statuses,
        population_groups,
        disability_types,
        municipalities,
        zones,
        eps,
      ] = await Promise.all([
        repo.listDocumentTypes(db),
        repo.listBloodGroups(db),
        repo.listEducationLevels(db),
        repo.listMaritalStatuses(db),
        repo.listPopulationGroups(db),
        repo.listDisabilityTypes(db),
        repo.listMunicipalities(db),
        repo.listZones(db),
        repo.listActiveEps(db),
      ]);
      return {
        success: true as const,
        data: {
          document_types,
          blood_groups,
          education_levels,
          marital_statuses,
          population_groups,
          disability_types,
          municipalities,
          zones,
          eps,
        },
      };
    },
  );
};

export default lookupRoutes;
