import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@ips/shared/schemas/common';
import { readAll, readMany } from './repo';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Nombre de la organización y modo, para la pantalla de ingreso',
        response: {
          200: ok(z.object({ org_name: z.string(), org_timezone: z.string(), demo_mode: z.boolean() })),
        },
      },
    },
    async () => {
      const s = await readMany(app.deps.db, ['org_name', 'org_timezone']);
      return {
        success: true as const,
        data: {
          org_name: String(s.org_name ?? ''),
          org_timezone: String(s.org_timezone ?? app.deps.config.orgTimezone),
          demo_mode: app.deps.config.demoMode,
        },
      };
    },
  );

  app.get(
    '/settings',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['settings'],
        summary: 'Configuración de la organización',
        response: { 200: ok(z.record(z.string(), z.unknown())) },
      },
    },
    async () => ({ success: true as const, data: await readAll(app.deps.db) }),
  );
};

export default settingsRoutes;
