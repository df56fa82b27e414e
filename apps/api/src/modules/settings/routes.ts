import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@ips/shared/schemas/common';
import { isLogoUrl, settingsDto, timezoneDto, updateSettingsBody } from '@ips/shared/schemas/settings';
import { actorOf } from '../../lib/context';
import { readMany } from './repo';
import { getSettings, updateSettings } from './service';
import { timezonesNow } from './timezones';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Nombre, logo y zona horaria de la organización y modo, para la pantalla de ingreso',
        response: {
          200: ok(
            z.object({
              org_name: z.string(),
              org_logo_url: z.string(),
              org_timezone: z.string(),
              demo_mode: z.boolean(),
            }),
          ),
        },
      },
    },
    async () => {
      const s = await readMany(app.deps.db, ['org_name', 'org_logo_url']);
      return {
        success: true as const,
        data: {
          org_name: String(s.org_name ?? ''),
          // A logo stored before issue 33 as another site's address is not shown to anonymous visitors.
          org_logo_url: isLogoUrl(String(s.org_logo_url ?? '')) ? String(s.org_logo_url) : '',
          org_timezone: app.deps.config.orgTimezone,
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
        summary: 'Configuración de la organización (todas las claves, con sus valores por defecto)',
        response: { 200: ok(settingsDto) },
      },
    },
    async () => ({ success: true as const, data: await getSettings(app.deps) }),
  );

  app.put(
    '/settings',
    {
      config: { policy: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          'Actualizar la configuración: cualquier subconjunto de claves, todo o nada; efecto inmediato en todas las instancias',
        body: updateSettingsBody,
        response: { 200: ok(settingsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateSettings(app.deps, actorOf(request), request.body),
      message: 'Configuración actualizada',
    }),
  );

  app.get(
    '/timezones',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['settings'],
        summary: 'Zonas horarias IANA con su diferencia actual con UTC (Colombia primero)',
        response: { 200: ok(z.array(timezoneDto)) },
      },
    },
    async () => ({ success: true as const, data: timezonesNow() }),
  );
};

export default settingsRoutes;
