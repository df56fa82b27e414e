import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody } from '@ips/shared/schemas/password';
import { successOnly } from '@ips/shared/schemas/common';
import { changePassword } from './password';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/change-password',
    {
      // One of the few routes open while the password must be changed (plugins/auth.ts PASSWORD_CHANGE_ROUTES).
      config: { policy: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Cambiar la contraseña propia (cierra las demás sesiones)',
        body: changePasswordBody,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await changePassword(app.deps, request.user!, request.body, {
        ip: request.ip ?? null,
        requestId: String(request.id),
      });
      return { success: true as const, message: 'Contraseña actualizada' };
    },
  );
};

export default passwordRoutes;
